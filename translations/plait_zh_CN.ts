<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="123"/>
        <source>Node %1
Inside: %2, %3 GB/s per GPU per direction (%4% achievable), latency %5 µs
To other nodes: %6 NICs of %7, %8 GB/s each per direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="180"/>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="49"/>
        <source>Planner for distributed training of large transformer models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="53"/>
        <source>Plan file to open (*.plait.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="54"/>
        <source>Open a built-in example plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="56"/>
        <source>User interface language, e.g. zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="59"/>
        <source>Quit after this many milliseconds (for screenshots).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::app::MainWindow</name>
    <message>
        <location filename="../app/mainwindow.cpp" line="54"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="55"/>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="56"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="57"/>
        <location filename="../app/mainwindow.cpp" line="124"/>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="85"/>
        <source>Preview: swap GPU %1 and GPU %2 — release to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="96"/>
        <source>Swap GPU %1 and GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="100"/>
        <source>Assign %n GPU(s) to stage %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="107"/>
        <source>Make TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="110"/>
        <location filename="../app/mainwindow.cpp" line="180"/>
        <source>Auto-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="119"/>
        <source>Stage %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="136"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="137"/>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="142"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="146"/>
        <source>Open Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="146"/>
        <source>Plait plans (*.plait.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="150"/>
        <source>Open &amp;Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="156"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="159"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="161"/>
        <location filename="../app/mainwindow.cpp" line="166"/>
        <location filename="../app/mainwindow.cpp" line="284"/>
        <source>Save Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="161"/>
        <location filename="../app/mainwindow.cpp" line="166"/>
        <location filename="../app/mainwindow.cpp" line="284"/>
        <source>Plait plans (*.plait.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="165"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="169"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="171"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="172"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="174"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="180"/>
        <source>Auto-place GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="182"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="185"/>
        <source>All groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="186"/>
        <source>Tensor-parallel groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="187"/>
        <source>Pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="188"/>
        <source>Data-parallel replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="190"/>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="201"/>
        <source>Zoom to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="202"/>
        <location filename="../app/mainwindow.cpp" line="207"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="207"/>
        <source>The language changes the next time Plait starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="220"/>
        <source>Cannot open plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="220"/>
        <source>%1 cannot be opened:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="238"/>
        <source>Cannot save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="238"/>
        <source>%1 was not saved: %2
The file on disk is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="242"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="259"/>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="277"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="277"/>
        <source>The plan has changes that are not saved. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="305"/>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="306"/>
        <source>%1[*] — Plait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="342"/>
        <source>Recover unsaved plan?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="343"/>
        <source>Plait did not close normally. A plan with unsaved changes was kept:
%1
last written %2.
Recover it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="349"/>
        <source>Recovered plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets</name>
    <message>
        <location filename="../widgets/format.cpp" line="21"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="23"/>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="24"/>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="31"/>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="32"/>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="38"/>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets::CommBreakdown</name>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="24"/>
        <source>Exposed and hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="25"/>
        <source>Latency (α) and bandwidth (S/β)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="26"/>
        <source>Split:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="36"/>
        <source>Communication per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="44"/>
        <source>milliseconds per step (slowest stage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="75"/>
        <source>exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="75"/>
        <source>latency (α)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="76"/>
        <source>hidden under compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="76"/>
        <source>bandwidth (S/β)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="95"/>
        <source>%1 %2
%3 × %4 on %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="136"/>
        <source>%1: %2 per step, %3 exposed
latency %4, bandwidth %5
%6 per call, %7 calls, %8 ranks
Click for the formula</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets::MemoryBars</name>
    <message>
        <location filename="../widgets/memorybars.cpp" line="39"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="41"/>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="43"/>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="45"/>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="47"/>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="80"/>
        <source>Memory per GPU by pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="81"/>
        <source>GiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="82"/>
        <source>Pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="140"/>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="179"/>
        <source>over by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="217"/>
        <source>Stage %1 — %2: %3
Total %4 of %5
Click for the formula</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets::PlanEditor</name>
    <message>
        <location filename="../widgets/planeditor.cpp" line="80"/>
        <location filename="../widgets/planeditor.cpp" line="81"/>
        <location filename="../widgets/planeditor.cpp" line="82"/>
        <location filename="../widgets/planeditor.cpp" line="83"/>
        <location filename="../widgets/planeditor.cpp" line="84"/>
        <location filename="../widgets/planeditor.cpp" line="85"/>
        <location filename="../widgets/planeditor.cpp" line="86"/>
        <location filename="../widgets/planeditor.cpp" line="188"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="80"/>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="81"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="82"/>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="83"/>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="84"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="85"/>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="86"/>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="87"/>
        <location filename="../widgets/planeditor.cpp" line="88"/>
        <location filename="../widgets/planeditor.cpp" line="89"/>
        <location filename="../widgets/planeditor.cpp" line="91"/>
        <location filename="../widgets/planeditor.cpp" line="92"/>
        <location filename="../widgets/planeditor.cpp" line="93"/>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="87"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="88"/>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="89"/>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="91"/>
        <source>Inside a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="92"/>
        <source>Between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="93"/>
        <source>NICs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="95"/>
        <location filename="../widgets/planeditor.cpp" line="97"/>
        <location filename="../widgets/planeditor.cpp" line="99"/>
        <location filename="../widgets/planeditor.cpp" line="101"/>
        <location filename="../widgets/planeditor.cpp" line="102"/>
        <location filename="../widgets/planeditor.cpp" line="104"/>
        <location filename="../widgets/planeditor.cpp" line="106"/>
        <source>Recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="95"/>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="97"/>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="99"/>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="101"/>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="102"/>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="104"/>
        <source>Sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="106"/>
        <source>Flash attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="107"/>
        <location filename="../widgets/planeditor.cpp" line="109"/>
        <location filename="../widgets/planeditor.cpp" line="111"/>
        <location filename="../widgets/planeditor.cpp" line="113"/>
        <location filename="../widgets/planeditor.cpp" line="115"/>
        <location filename="../widgets/planeditor.cpp" line="117"/>
        <location filename="../widgets/planeditor.cpp" line="119"/>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="107"/>
        <source>Tensor parallel (TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="109"/>
        <source>Pipeline parallel (PP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="111"/>
        <source>Data parallel (DP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="113"/>
        <source>Context parallel (CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="115"/>
        <source>Expert parallel (EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="117"/>
        <source>Virtual stages (VPP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="119"/>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="154"/>
        <source>(custom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="186"/>
        <source>Import Hugging Face config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="232"/>
        <source>no plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="252"/>
        <source>Change %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="295"/>
        <source>Import Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="295"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets::SummaryView</name>
    <message>
        <location filename="../widgets/summaryview.cpp" line="22"/>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="23"/>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="24"/>
        <source>Model TFLOP/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="25"/>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="26"/>
        <source>HFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="27"/>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="28"/>
        <source>Exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="29"/>
        <source>Peak memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="42"/>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="73"/>
        <source>This plan cannot be evaluated:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="73"/>
        <source>No plan loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="90"/>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="96"/>
        <source>No warnings.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>plait::widgets::TopologyView</name>
    <message>
        <location filename="../widgets/topologyview.cpp" line="124"/>
        <source>Fabric: %1, %2 GB/s per NIC per direction (%3% achievable), latency %4 µs; %5 NICs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="152"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="158"/>
        <source>s%1 t%2 d%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="161"/>
        <location filename="../widgets/topologyview.cpp" line="446"/>
        <source>replica %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="163"/>
        <location filename="../widgets/topologyview.cpp" line="453"/>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="166"/>
        <source>tp rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="232"/>
        <source>GPU %1 (node %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="234"/>
        <source>idle: not used by this plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="236"/>
        <source>coordinates: tp %1, cp %2, dp %3, pp %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="245"/>
        <source>%1 group: GPUs %2 — %3 at %4 GB/s%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="248"/>
        <source> (crosses a node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="252"/>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="253"/>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="254"/>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="258"/>
        <source>memory: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/topologyview.cpp" line="405"/>
        <source>Make TP group (%n GPU(s) selected)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="407"/>
        <source>Assign to stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="411"/>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="413"/>
        <source>Auto-place (default order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="448"/>
        <source>… %1 replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="455"/>
        <source>… %1 stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="463"/>
        <source>outline: TP group (red dashed: crosses a node)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
