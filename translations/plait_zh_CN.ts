<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="138"/>
        <source>Node %1
Inside: %2, %3 GB/s per GPU per direction (%4% achievable), latency %5 µs
To other nodes: %6 NICs of %7, %8 GB/s each per direction</source>
        <translation>节点 %1
节点内：%2，每 GPU 每方向 %3 GB/s（可达 %4%），延迟 %5 µs
节点间：%6 块 %7 网卡，每块每方向 %8 GB/s</translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="195"/>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <location filename="../app/timelinesections.cpp" line="30"/>
        <source>Predicted: %1, step %2, bubble %3</source>
        <translation>预测：%1，单步 %2，气泡 %3</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="42"/>
        <source>schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="42"/>
        <source>step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="42"/>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="43"/>
        <source>peak activations / GPU</source>
        <translation>每 GPU 激活峰值</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="43"/>
        <source>micro-batches held</source>
        <translation>同时持有的微批次</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="51"/>
        <source>cannot run this plan: %1</source>
        <translation>无法运行此规划：%1</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="61"/>
        <source>%1: step %2, bubble %3, peak activations %4 per GPU</source>
        <translation>%1：单步 %2，气泡 %3，每 GPU 激活峰值 %4</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="79"/>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="80"/>
        <source>%1 (%2): step %3, bubble %4%5</source>
        <translation>%1（%2）：单步 %3，气泡 %4%5</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="83"/>
        <source>, stages shared one GPU</source>
        <translation>，各阶段共用一块 GPU</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="89"/>
        <source>&lt;b&gt;%1 against predicted&lt;/b&gt;: step %2 vs %3 (%4), bubble %5 vs %6</source>
        <translation>&lt;b&gt;%1 与预测对比&lt;/b&gt;：单步 %2 对 %3（%4），气泡 %5 对 %6</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="95"/>
        <source>; %1 ops aligned, mean |difference| %2</source>
        <translation>；已对齐 %1 个操作，平均 |差异| %2</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="99"/>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="99"/>
        <source>busy predicted</source>
        <translation>预测忙碌</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="99"/>
        <source>busy measured</source>
        <translation>实测忙碌</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="100"/>
        <source>bubble predicted</source>
        <translation>预测气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="100"/>
        <source>bubble measured</source>
        <translation>实测气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="107"/>
        <source>not in trace</source>
        <translation>追踪中没有</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="49"/>
        <source>Planner for distributed training of large transformer models.</source>
        <translation>大型 Transformer 模型分布式训练规划工具。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="53"/>
        <source>Plan file to open (*.plait.json).</source>
        <translation>要打开的规划文件（*.plait.json）。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="54"/>
        <source>Open a built-in example plan.</source>
        <translation>打开内置示例规划。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="56"/>
        <source>User interface language, e.g. zh_CN.</source>
        <translation>界面语言，例如 zh_CN。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="59"/>
        <source>Quit after this many milliseconds (for screenshots).</source>
        <translation>运行指定毫秒数后退出（用于截图）。</translation>
    </message>
</context>
<context>
    <name>plait::app::CalibrationPanel</name>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="39"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="40"/>
        <source>bus bandwidth (GB/s)</source>
        <translation>总线带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="42"/>
        <source>No probe results yet: Probe → Run probe…, or Probe → Open results…</source>
        <translation>尚无探测结果：探测 → 运行探测…，或 探测 → 打开结果…</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="45"/>
        <source>Apply link measurement to plan</source>
        <translation>将链路测量应用到规划</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="46"/>
        <source>Apply compute measurement to plan</source>
        <translation>将计算测量应用到规划</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="59"/>
        <source>Apply measured links</source>
        <translation>应用实测链路</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="63"/>
        <source>Apply measured compute</source>
        <translation>应用实测计算</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="124"/>
        <source>&lt;b&gt;Links&lt;/b&gt; (%1, %2 ranks, %3):</source>
        <translation>&lt;b&gt;链路&lt;/b&gt;（%1，%2 个 rank，%3）：</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="131"/>
        <source>op</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="131"/>
        <source>largest busbw (GB/s)</source>
        <translation>最大总线带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="156"/>
        <source>The plan assumes %1: %2 GB/s × efficiency %3 = %4 GB/s bus bandwidth, α %5 µs per ring step.</source>
        <translation>规划假设 %1：%2 GB/s × 效率 %3 = %4 GB/s 总线带宽，每个环步 α %5 µs。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="173"/>
        <source>&lt;b&gt;Compute&lt;/b&gt; (%1, %2): best GEMM %3 TFLOP/s, device copy %4 GB/s (read + write)</source>
        <translation>&lt;b&gt;计算&lt;/b&gt;（%1，%2）：最佳 GEMM %3 TFLOP/s，设备内拷贝 %4 GB/s（读 + 写）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="179"/>
        <source>The plan assumes %1: %2 TFLOP/s dense bf16 × GEMM efficiency %3, HBM %4 GB/s.</source>
        <translation>规划假设 %1：稠密 bf16 %2 TFLOP/s × GEMM 效率 %3，HBM %4 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="192"/>
        <source>%1 of %2 GEMM shapes ran slower than predicted.</source>
        <translation>%2 个 GEMM 形状中有 %1 个比预测慢。</translation>
    </message>
</context>
<context>
    <name>plait::app::MainWindow</name>
    <message>
        <location filename="../app/mainwindow.cpp" line="66"/>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="67"/>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="68"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="69"/>
        <location filename="../app/mainwindow.cpp" line="182"/>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="71"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="73"/>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="110"/>
        <source>Open Trace</source>
        <translation>打开追踪</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="110"/>
        <source>Chrome traces (*.json *.trace.json);;All files (*)</source>
        <translation>Chrome 追踪 (*.json *.trace.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="116"/>
        <source>Export Timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="116"/>
        <source>Chrome traces (*.json)</source>
        <translation>Chrome 追踪 (*.json)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="123"/>
        <source>Opened trace %1: %n event(s)</source>
        <translation>
            <numerusform>已打开追踪 %1：%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="126"/>
        <source>not drawn: %1</source>
        <translation>未绘制：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="130"/>
        <source>Trace %1 not opened: %2</source>
        <translation>追踪 %1 未打开：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="132"/>
        <source>Cannot open trace</source>
        <translation>无法打开追踪</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="132"/>
        <source>%1 was not opened: %2</source>
        <translation>%1 未打开：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="143"/>
        <source>Preview: swap GPU %1 and GPU %2 — release to apply</source>
        <translation>预览：交换 GPU %1 与 GPU %2 — 松开鼠标以应用</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="154"/>
        <source>Swap GPU %1 and GPU %2</source>
        <translation>交换 GPU %1 与 GPU %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="158"/>
        <source>Assign %n GPU(s) to stage %1</source>
        <translation>
            <numerusform>将 %n 个 GPU 分配到阶段 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="165"/>
        <source>Make TP group</source>
        <translation>组成 TP 组</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="168"/>
        <location filename="../app/mainwindow.cpp" line="257"/>
        <source>Auto-place</source>
        <translation>自动放置</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="177"/>
        <source>Stage %1: %2</source>
        <translation>阶段 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="201"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="202"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="207"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="211"/>
        <source>Open Plan</source>
        <translation>打开规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="211"/>
        <source>Plait plans (*.plait.json);;All files (*)</source>
        <translation>Plait 规划 (*.plait.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="215"/>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="221"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="224"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="226"/>
        <location filename="../app/mainwindow.cpp" line="231"/>
        <location filename="../app/mainwindow.cpp" line="477"/>
        <source>Save Plan</source>
        <translation>保存规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="226"/>
        <location filename="../app/mainwindow.cpp" line="231"/>
        <location filename="../app/mainwindow.cpp" line="477"/>
        <source>Plait plans (*.plait.json)</source>
        <translation>Plait 规划 (*.plait.json)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="230"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="234"/>
        <source>Open &amp;Trace…</source>
        <translation>打开追踪(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="235"/>
        <source>&amp;Export Timeline…</source>
        <translation>导出时间线(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="237"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="239"/>
        <source>&amp;Probe</source>
        <translation>探测(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="240"/>
        <source>&amp;Run Probe…</source>
        <translation>运行探测(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="241"/>
        <source>&amp;Open Results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="242"/>
        <source>Open Probe Results</source>
        <translation>打开探测结果</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="243"/>
        <source>Probe results (TRACE.json LINKS.json COMPUTE.json *.json);;All files (*)</source>
        <translation>探测结果 (TRACE.json LINKS.json COMPUTE.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="248"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="249"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="251"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="257"/>
        <source>Auto-place GPUs</source>
        <translation>自动放置 GPU</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="259"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="262"/>
        <source>All groups</source>
        <translation>所有分组</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="263"/>
        <source>Tensor-parallel groups</source>
        <translation>张量并行组</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="264"/>
        <source>Pipeline stages</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="265"/>
        <source>Data-parallel replicas</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="267"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="279"/>
        <source>Zoom to fit</source>
        <translation>缩放至适合</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="280"/>
        <location filename="../app/mainwindow.cpp" line="286"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="286"/>
        <source>The language changes the next time Plait starts.</source>
        <translation>语言将在下次启动 Plait 时生效。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="300"/>
        <source>Cannot open plan</source>
        <translation>无法打开规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="300"/>
        <source>%1 cannot be opened:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="318"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="318"/>
        <source>%1 was not saved: %2
The file on disk is unchanged.</source>
        <translation>%1 未保存：%2
磁盘上的文件未更改。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="322"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="337"/>
        <source>Opening trace %1…</source>
        <translation>正在打开追踪 %1…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="342"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="342"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="356"/>
        <source>Nothing to export: the plan is not valid.</source>
        <translation>没有可导出的内容：规划无效。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="363"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="363"/>
        <source>%1 was not written: %2</source>
        <translation>%1 未写入：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="366"/>
        <source>Exported the timeline to %1</source>
        <translation>时间线已导出到 %1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="379"/>
        <source>The plan could not be written for the probe: %1</source>
        <translation>无法为探测写出规划：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="402"/>
        <source>Link measurements from %1</source>
        <translation>来自 %1 的链路测量</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="405"/>
        <location filename="../app/mainwindow.cpp" line="416"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="413"/>
        <source>Compute measurements from %1</source>
        <translation>来自 %1 的计算测量</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="419"/>
        <source>%1 is not a probe result (TRACE.json, LINKS.json or COMPUTE.json).</source>
        <translation>%1 不是探测结果（TRACE.json、LINKS.json 或 COMPUTE.json）。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="452"/>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="470"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="470"/>
        <source>The plan has changes that are not saved. Save them?</source>
        <translation>规划有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="498"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="499"/>
        <source>%1[*] — Plait</source>
        <translation>%1[*] — Plait</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="535"/>
        <source>Recover unsaved plan?</source>
        <translation>恢复未保存的规划？</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="536"/>
        <source>Plait did not close normally. A plan with unsaved changes was kept:
%1
last written %2.
Recover it?</source>
        <translation>Plait 上次未正常关闭。已保留一个含未保存更改的规划：
%1
最后写入于 %2。
是否恢复？</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="542"/>
        <source>Recovered plan</source>
        <translation>已恢复的规划</translation>
    </message>
</context>
<context>
    <name>plait::app::ProbeDialog</name>
    <message>
        <location filename="../app/probedialog.cpp" line="38"/>
        <source>Run plait-probe</source>
        <translation>运行 plait-probe</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="40"/>
        <source>Looking for GPUs…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="43"/>
        <source>pipeline: run this plan&apos;s schedule on GPUs</source>
        <translation>pipeline：在 GPU 上运行此规划的调度</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="44"/>
        <source>collectives: NCCL bandwidth and latency</source>
        <translation>collectives：NCCL 带宽与延迟</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="45"/>
        <source>compute: GEMM TFLOP/s and memory bandwidth</source>
        <translation>compute：GEMM TFLOP/s 与显存带宽</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="47"/>
        <source>all visible GPUs</source>
        <translation>所有可见 GPU</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="56"/>
        <source>all of the plan&apos;s</source>
        <translation>按规划全部</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="58"/>
        <source>check results</source>
        <translation>校验结果</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="69"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="70"/>
        <source>Cancel run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="74"/>
        <source>GPUs found:</source>
        <translation>找到的 GPU：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="75"/>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="76"/>
        <source>GPUs (--gpus):</source>
        <translation>GPU（--gpus）：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="77"/>
        <source>Micro-batches:</source>
        <translation>微批次：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="78"/>
        <source>Iterations:</source>
        <translation>迭代次数：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="79"/>
        <source>Layers per stage at most:</source>
        <translation>每阶段最多层数：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="80"/>
        <source>Largest message:</source>
        <translation>最大消息：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="82"/>
        <source>Output file:</source>
        <translation>输出文件：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="83"/>
        <source>Command line:</source>
        <translation>命令行：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="121"/>
        <source>%1 — about %2 s left</source>
        <translation>%1 — 约剩 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="132"/>
        <source>Done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="149"/>
        <source>%1: %2, %3 GiB, %4 SMs, peers %5</source>
        <translation>%1：%2，%3 GiB，%4 个 SM，对等 %5</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="157"/>
        <source>CUDA %1, NCCL %2</source>
        <translation>CUDA %1，NCCL %2</translation>
    </message>
</context>
<context>
    <name>plait::app::TimelinePanel</name>
    <message>
        <location filename="../app/timelinepanel.cpp" line="16"/>
        <source>Predicted step</source>
        <translation>预测的单步</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="17"/>
        <source>Schedules compared</source>
        <translation>调度对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="18"/>
        <source>Predicted against trace</source>
        <translation>预测与追踪对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="19"/>
        <source>What the timeline shows</source>
        <translation>时间线显示的内容</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="20"/>
        <source>Open trace…</source>
        <translation>打开追踪…</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="22"/>
        <source>Open a Chrome trace (plait-probe, PyTorch profiler, Perfetto) to compare with the prediction</source>
        <translation>打开 Chrome 追踪（plait-probe、PyTorch profiler、Perfetto）与预测对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="23"/>
        <source>Export trace…</source>
        <translation>导出追踪…</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="24"/>
        <source>Save the predicted timeline as a Chrome trace that Perfetto opens</source>
        <translation>将预测的时间线保存为 Perfetto 可打开的 Chrome 追踪</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="25"/>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="26"/>
        <source>Ctrl+wheel zoom · drag pan · Shift+drag zoom to selection · click an op</source>
        <translation>Ctrl+滚轮缩放 · 拖动平移 · Shift+拖动缩放到选区 · 点击操作查看详情</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="108"/>
        <source>No trace loaded: open one (a plait-probe TRACE.json, a PyTorch profiler export) or drop it on the window.</source>
        <translation>未加载追踪：打开一个（plait-probe 的 TRACE.json 或 PyTorch profiler 导出文件），或拖放到窗口上。</translation>
    </message>
</context>
<context>
    <name>plait::engine::ProbeRunner</name>
    <message>
        <location filename="../engine/proberunner.cpp" line="21"/>
        <source>The probe could not be started: %1 (%2). Build it with CUDA and NCCL present, or set PLAIT_PROBE to its path.</source>
        <translation>无法启动探测程序：%1（%2）。请在有 CUDA 和 NCCL 的环境下构建它，或将 PLAIT_PROBE 设为其路径。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="61"/>
        <source>the probe was called wrongly (exit code 2)</source>
        <translation>探测程序调用方式错误（退出码 2）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="63"/>
        <source>no CUDA device or driver on this machine (exit code 3); the probe measures real GPUs only</source>
        <translation>此机器没有 CUDA 设备或驱动（退出码 3）；探测只测量真实 GPU</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="65"/>
        <source>NCCL failed or a rank hung (exit code 4)</source>
        <translation>NCCL 出错或某个 rank 挂起（退出码 4）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="67"/>
        <source>a CUDA error (exit code 5)</source>
        <translation>CUDA 错误（退出码 5）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="69"/>
        <source>the GPU ran out of memory (exit code 6)</source>
        <translation>GPU 显存不足（退出码 6）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="71"/>
        <source>the results were wrong: the correctness check failed (exit code 7)</source>
        <translation>结果错误：正确性校验失败（退出码 7）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="73"/>
        <source>the probe failed with exit code %1</source>
        <translation>探测程序失败，退出码 %1</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="126"/>
        <source>(not a protocol line: ignored)</source>
        <translation>（不是协议行：已忽略）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="169"/>
        <source>The probe did not finish within %1 s and was stopped; a GPU or a rank may hang.</source>
        <translation>探测未在 %1 秒内完成，已停止；可能有 GPU 或 rank 挂起。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="172"/>
        <source>The probe run was cancelled.</source>
        <translation>探测运行已取消。</translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/proberunner.cpp" line="174"/>
        <source>The probe crashed after %n line(s) of output; nothing it measured was kept.</source>
        <translation>
            <numerusform>探测在输出 %n 行后崩溃；其测量结果均未保留。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="177"/>
        <source>The probe stopped: %1%2</source>
        <translation>探测已停止：%1%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/proberunner.cpp" line="179"/>
        <source>The probe printed %n line(s) that are not its protocol and never said it was done.</source>
        <translation>
            <numerusform>探测输出了 %n 行非协议内容，且从未报告完成。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="181"/>
        <source>The probe exited without saying it was done.</source>
        <translation>探测退出时未报告完成。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="183"/>
        <source>The probe said it wrote %1, but the file is not there.</source>
        <translation>探测称已写出 %1，但文件不存在。</translation>
    </message>
</context>
<context>
    <name>plait::engine::TraceLoader</name>
    <message>
        <location filename="../engine/traceloader.cpp" line="42"/>
        <source>Loading was cancelled.</source>
        <translation>加载已取消。</translation>
    </message>
</context>
<context>
    <name>plait::widgets</name>
    <message>
        <location filename="../widgets/format.cpp" line="21"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="23"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="24"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="31"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="32"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="38"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>plait::widgets::CommBreakdown</name>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="25"/>
        <source>Exposed and hidden</source>
        <translation>暴露与隐藏</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="26"/>
        <source>Latency (α) and bandwidth (S/β)</source>
        <translation>延迟 (α) 与带宽 (S/β)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="27"/>
        <source>Split:</source>
        <translation>拆分：</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="35"/>
        <source>Communication per step</source>
        <translation>每步通信</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="43"/>
        <source>ms per step (slowest stage)</source>
        <translation>每步毫秒数（最慢阶段）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="70"/>
        <source>exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="70"/>
        <source>latency (α)</source>
        <translation>延迟 (α)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="71"/>
        <source>hidden under compute</source>
        <translation>被计算隐藏</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="71"/>
        <source>bandwidth (S/β)</source>
        <translation>带宽 (S/β)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="90"/>
        <source>%1 %2
%3 × %4 on %5</source>
        <translation>%1 %2
%3 × %4，经 %5</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="131"/>
        <source>%1: %2 per step, %3 exposed
latency %4, bandwidth %5
%6 per call, %7 calls, %8 ranks
Click for the formula</source>
        <translation>%1：每步 %2，暴露 %3
延迟 %4，带宽 %5
每次调用 %6，共 %7 次调用，%8 个 rank
点击查看公式</translation>
    </message>
</context>
<context>
    <name>plait::widgets::GanttView</name>
    <message>
        <location filename="../widgets/ganttview.cpp" line="56"/>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="58"/>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="60"/>
        <source>weight grad</source>
        <translation>权重梯度</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="62"/>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="64"/>
        <source>send/recv</source>
        <translation>发送/接收</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="66"/>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="68"/>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="72"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="237"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="239"/>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="241"/>
        <source>chunk %1</source>
        <translation>分块 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="243"/>
        <source>start %1 · duration %2</source>
        <translation>开始 %1 · 时长 %2</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="245"/>
        <source>%1 per transfer</source>
        <translation>每次传输 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="263"/>
        <source>section %1</source>
        <translation>第 %1 部分</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="269"/>
        <source>%1: %2, %3: %4 (%5)</source>
        <translation>%1：%2，%3：%4（%5）</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="305"/>
        <source>No timeline: the plan is not valid, or nothing is loaded.</source>
        <translation>没有时间线：规划无效，或尚未加载。</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="378"/>
        <source>idle %1</source>
        <translation>空闲 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="518"/>
        <source>%1 across</source>
        <translation>横跨 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttview.cpp" line="531"/>
        <source>idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
</context>
<context>
    <name>plait::widgets::MemoryBars</name>
    <message>
        <location filename="../widgets/memorybars.cpp" line="40"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="42"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="44"/>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="46"/>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="48"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="79"/>
        <source>Memory per GPU by pipeline stage</source>
        <translation>各流水线阶段的每 GPU 内存</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="80"/>
        <source>GiB per GPU</source>
        <translation>每 GPU GiB</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="81"/>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="134"/>
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="173"/>
        <source>over by %1: %2</source>
        <translation>超出 %1：主要为%2</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="211"/>
        <source>Stage %1 — %2: %3
Total %4 of %5
Click for the formula</source>
        <translation>阶段 %1 — %2：%3
总计 %4 / %5
点击查看公式</translation>
    </message>
</context>
<context>
    <name>plait::widgets::PlanEditor</name>
    <message>
        <location filename="../widgets/planeditor.cpp" line="85"/>
        <location filename="../widgets/planeditor.cpp" line="86"/>
        <location filename="../widgets/planeditor.cpp" line="87"/>
        <location filename="../widgets/planeditor.cpp" line="88"/>
        <location filename="../widgets/planeditor.cpp" line="89"/>
        <location filename="../widgets/planeditor.cpp" line="90"/>
        <location filename="../widgets/planeditor.cpp" line="91"/>
        <location filename="../widgets/planeditor.cpp" line="193"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="85"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="86"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="87"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="88"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="89"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="90"/>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="91"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="92"/>
        <location filename="../widgets/planeditor.cpp" line="93"/>
        <location filename="../widgets/planeditor.cpp" line="94"/>
        <location filename="../widgets/planeditor.cpp" line="96"/>
        <location filename="../widgets/planeditor.cpp" line="97"/>
        <location filename="../widgets/planeditor.cpp" line="98"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="92"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="93"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="94"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="96"/>
        <source>Inside a node</source>
        <translation>节点内互联</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="97"/>
        <source>Between nodes</source>
        <translation>节点间互联</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="98"/>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="100"/>
        <location filename="../widgets/planeditor.cpp" line="102"/>
        <location filename="../widgets/planeditor.cpp" line="104"/>
        <location filename="../widgets/planeditor.cpp" line="106"/>
        <location filename="../widgets/planeditor.cpp" line="107"/>
        <location filename="../widgets/planeditor.cpp" line="109"/>
        <location filename="../widgets/planeditor.cpp" line="111"/>
        <source>Recipe</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="100"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="102"/>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="104"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="106"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="107"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="109"/>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="111"/>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="112"/>
        <location filename="../widgets/planeditor.cpp" line="114"/>
        <location filename="../widgets/planeditor.cpp" line="116"/>
        <location filename="../widgets/planeditor.cpp" line="118"/>
        <location filename="../widgets/planeditor.cpp" line="120"/>
        <location filename="../widgets/planeditor.cpp" line="122"/>
        <location filename="../widgets/planeditor.cpp" line="124"/>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="112"/>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行 (TP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="114"/>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行 (PP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="116"/>
        <source>Data parallel (DP)</source>
        <translation>数据并行 (DP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="118"/>
        <source>Context parallel (CP)</source>
        <translation>上下文并行 (CP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="120"/>
        <source>Expert parallel (EP)</source>
        <translation>专家并行 (EP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="122"/>
        <source>Virtual stages (VPP)</source>
        <translation>虚拟阶段 (VPP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="124"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="159"/>
        <source>(custom)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="191"/>
        <source>Import Hugging Face config.json…</source>
        <translation>导入 Hugging Face config.json…</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="237"/>
        <source>no plan</source>
        <translation>无规划</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="257"/>
        <source>Change %1</source>
        <translation>更改 %1</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="300"/>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="300"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>plait::widgets::SummaryView</name>
    <message>
        <location filename="../widgets/summaryview.cpp" line="22"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="23"/>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="24"/>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 模型 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="25"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="26"/>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="27"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="28"/>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="29"/>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值内存</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="43"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="74"/>
        <source>This plan cannot be evaluated:</source>
        <translation>无法评估此规划：</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="74"/>
        <source>No plan loaded.</source>
        <translation>未加载规划。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="91"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="97"/>
        <source>No warnings.</source>
        <translation>无警告。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="105"/>
        <source>%1 of %2 TP groups span more than one node (e.g. GPUs %3): every layer&apos;s TP traffic then runs at %4 GB/s over %5 instead of %6 GB/s over %7</source>
        <translation>%2 个 TP 组中有 %1 个跨越多个节点（例如 GPU %3）：每一层的 TP 通信因此只能以 %4 GB/s 经 %5 传输，而不是以 %6 GB/s 经 %7</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="108"/>
        <source>m = %1 micro-batches for p = %2 stages: the pipeline bubble is %3% of the step; about %4 micro-batches (4·p) would bring it near (p−1)/(m+p−1) = %5%</source>
        <translation>p = %2 个阶段只有 m = %1 个微批次：流水线气泡占单步时间的 %3%；约 %4 个微批次（4·p）可将其降到 (p−1)/(m+p−1) = %5% 左右</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="111"/>
        <source>stage %1 needs %2 per GPU, the %3 has %4; the largest term is %5 (%6)</source>
        <translation>阶段 %1 每 GPU 需要 %2，而 %3 只有 %4；最大的一项是%5（%6）</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="113"/>
        <source>exposed data-parallel communication takes %1 ms of the %2 ms step (%3%); a larger global batch per DP rank, or fewer DP ranks across slow links, would hide it</source>
        <translation>暴露的数据并行通信占 %2 ms 单步中的 %1 ms（%3%）；增大每个 DP 副本的全局批大小，或减少跨慢速链路的 DP 副本，可将其隐藏</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="116"/>
        <source>stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. Moving layers off stage %1 (parallel.layers_per_stage) would balance them</source>
        <translation>阶段 %1 每步计算 %2 ms，阶段 %3 为 %4 ms；其余阶段都在等待最慢的阶段。把层从阶段 %1 移走（parallel.layers_per_stage）可以使其均衡</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="119"/>
        <source>%1 has no measured GEMM efficiency in the catalog, so compute times assume the datasheet peak and are a lower bound; run plait-probe compute to measure it</source>
        <translation>目录中没有 %1 的实测 GEMM 效率，因此计算时间按数据手册峰值估算，只是下限；运行 plait-probe compute 进行测量</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="132"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="134"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="136"/>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="138"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="139"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>plait::widgets::TopologyView</name>
    <message>
        <location filename="../widgets/topologyview.cpp" line="126"/>
        <source>Fabric: %1, %2 GB/s per NIC per direction (%3% achievable), latency %4 µs; %5 NICs per node</source>
        <translation>网络：%1，每网卡每方向 %2 GB/s（可达 %3%），延迟 %4 µs；每节点 %5 块网卡</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="154"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="160"/>
        <source>s%1 t%2 d%3</source>
        <translation>s%1 t%2 d%3</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="163"/>
        <location filename="../widgets/topologyview.cpp" line="495"/>
        <source>replica %1</source>
        <translation>副本 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="165"/>
        <location filename="../widgets/topologyview.cpp" line="502"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="168"/>
        <source>tp rank %1</source>
        <translation>TP rank %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="261"/>
        <source>GPU %1 (node %2, %3)</source>
        <translation>GPU %1（节点 %2，%3）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="263"/>
        <source>idle: not used by this plan</source>
        <translation>空闲：此规划未使用</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="265"/>
        <source>coordinates: tp %1, cp %2, dp %3, pp %4</source>
        <translation>坐标：tp %1，cp %2，dp %3，pp %4</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="274"/>
        <source>%1 group: GPUs %2 — %3 at %4 GB/s%5</source>
        <translation>%1 组：GPU %2 — %3，%4 GB/s%5</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="277"/>
        <source> (crosses a node)</source>
        <translation>（跨节点）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="281"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="282"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="283"/>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="287"/>
        <source>memory: %1 of %2</source>
        <translation>内存：%1 / %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/topologyview.cpp" line="451"/>
        <source>Make TP group (%n GPU(s) selected)</source>
        <translation>
            <numerusform>组成 TP 组（已选 %n 个 GPU）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="453"/>
        <source>Assign to stage</source>
        <translation>分配到阶段</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="457"/>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="459"/>
        <source>Auto-place (default order)</source>
        <translation>自动放置（默认顺序）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="497"/>
        <source>… %1 replicas</source>
        <translation>… 共 %1 个副本</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="504"/>
        <source>… %1 stages</source>
        <translation>… 共 %1 个阶段</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="512"/>
        <source>outline: TP group (red dashed: crosses a node)</source>
        <translation>轮廓：TP 组（红色虚线：跨节点）</translation>
    </message>
</context>
</TS>
