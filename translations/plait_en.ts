<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>Pod %1: %2, %n GPU(s) under one leaf group: traffic among them runs at the NICs&apos; rate, traffic to other pods shares uplinks of 1/%3 of it</source>
        <translation>
            <numerusform>Pod %1: %2, %n GPU under one leaf group: its traffic to other pods shares uplinks of 1/%3 of the NICs&apos; rate</numerusform>
            <numerusform>Pod %1: %2, %n GPUs under one leaf group: traffic among them runs at the NICs&apos; rate, traffic to other pods shares uplinks of 1/%3 of it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pod %1: %2, %n GPU(s), drawn together as a scalable unit of DGX SuperPOD&apos;s reference architecture (the cost model does not price pods)</source>
        <translation>
            <numerusform>Pod %1: %2, %n GPU, drawn as a scalable unit of DGX SuperPOD&apos;s reference architecture (the cost model does not price pods)</numerusform>
            <numerusform>Pod %1: %2, %n GPUs, drawn together as a scalable unit of DGX SuperPOD&apos;s reference architecture (the cost model does not price pods)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::app</name>
    <message numerus="yes">
        <source>%n GEMM shape(s) measured by the probe on this GPU replace the catalog&apos;s rate for those shapes.</source>
        <translation>
            <numerusform>%n GEMM shape measured by the probe on this GPU replaces the catalog&apos;s rate for that shape.</numerusform>
            <numerusform>%n GEMM shapes measured by the probe on this GPU replace the catalog&apos;s rate for those shapes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::app::AdvicePanel</name>
    <message numerus="yes">
        <source>%n item(s), in the order an experienced engineer would look at them:</source>
        <translation>
            <numerusform>%n item, as an experienced engineer would look at it:</numerusform>
            <numerusform>%n items, in the order an experienced engineer would look at them:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::app::FileOpener</name>
    <message numerus="yes">
        <source>Opened trace %1: %n event(s)</source>
        <translation>
            <numerusform>Opened trace %1: %n event</numerusform>
            <numerusform>Opened trace %1: %n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opening the profile of %n file(s) or folder(s)…</source>
        <translation>
            <numerusform>Opening the profile of %n file or folder…</numerusform>
            <numerusform>Opening the profile of %n files or folders…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n rank</numerusform>
            <numerusform>%n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened the profile of %n rank(s), step %1</source>
        <translation>
            <numerusform>Opened the profile of %n rank, step %1</numerusform>
            <numerusform>Opened the profile of %n ranks, step %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n nccl-tests file(s)…</source>
        <translation>
            <numerusform>Reading %n nccl-tests file…</numerusform>
            <numerusform>Reading %n nccl-tests files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) of the links; </source>
        <translation>
            <numerusform>%n measurement of the links; </numerusform>
            <numerusform>%n measurements of the links; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) on the topology&apos;s nodes: %1</source>
        <translation>
            <numerusform>%n finding on the topology&apos;s nodes: %1</numerusform>
            <numerusform>%n findings on the topology&apos;s nodes: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import %n node(s)</source>
        <translation>
            <numerusform>Import %n node</numerusform>
            <numerusform>Import %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n node(s): %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on the topology</source>
        <translation>
            <numerusform>Imported %n node: %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on the topology</numerusform>
            <numerusform>Imported %n nodes: %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on the topology</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::app::MainWindow</name>
    <message numerus="yes">
        <source>Assign %n GPU(s) to stage %1</source>
        <translation>
            <numerusform>Assign %n GPU to stage %1</numerusform>
            <numerusform>Assign %n GPUs to stage %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n autosaved plan(s) from an earlier session cannot be read:
%1
Discard them?</source>
        <translation>
            <numerusform>%n autosaved plan from an earlier session cannot be read:
%1
Discard it?</numerusform>
            <numerusform>%n autosaved plans from an earlier session cannot be read:
%1
Discard them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n autosaved plan(s) cannot be read; they were kept</source>
        <translation>
            <numerusform>%n autosaved plan cannot be read; it was kept</numerusform>
            <numerusform>%n autosaved plans cannot be read; they were kept</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unreadable autosave(s) discarded</source>
        <translation>
            <numerusform>%n unreadable autosave discarded</numerusform>
            <numerusform>%n unreadable autosaves discarded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::engine::ProbeRunner</name>
    <message numerus="yes">
        <source>The probe crashed after %n line(s) of output; nothing it measured was kept.</source>
        <translation>
            <numerusform>The probe crashed after %n line of output; nothing it measured was kept.</numerusform>
            <numerusform>The probe crashed after %n lines of output; nothing it measured was kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The probe printed %n line(s) that are not its protocol and never said it was done.</source>
        <translation>
            <numerusform>The probe printed %n line that is not its protocol and never said it was done.</numerusform>
            <numerusform>The probe printed %n lines that are not its protocol and never said it was done.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::widgets::MemoryBars</name>
    <message numerus="yes">
        <source>%1
(%n stage(s) over capacity)</source>
        <translation>
            <numerusform>%1
(%n stage over capacity)</numerusform>
            <numerusform>%1
(%n stages over capacity)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::widgets::TopologyView</name>
    <message numerus="yes">
        <source>Make TP group (%n GPU(s) selected)</source>
        <translation>
            <numerusform>Make TP group (%n GPU selected)</numerusform>
            <numerusform>Make TP group (%n GPUs selected)</numerusform>
        </translation>
    </message>
</context>
</TS>
