<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CommWhat</name>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="52"/>
        <source>ZeRO-3 gradients</source>
        <translation>ZeRO-3 梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="52"/>
        <source>ZeRO-3 weights</source>
        <translation>ZeRO-3 权重</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="51"/>
        <source>activations and gradients to and from the neighbouring stages</source>
        <translation>与相邻阶段往来的激活与梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="53"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="46"/>
        <source>key and value gradients</source>
        <translation>键和值的梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="46"/>
        <source>keys and values</source>
        <translation>键和值</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="45"/>
        <source>layer activations (sequence parallel)</source>
        <translation>层激活（序列并行）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="43"/>
        <source>layer activations, and inputs re-gathered for weight gradients (sequence parallel)</source>
        <translation>层激活，以及为权重梯度重新收集的输入（序列并行）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="42"/>
        <source>layer outputs and input gradients</source>
        <translation>层输出与输入梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="54"/>
        <source>tied embedding gradients</source>
        <translation>共享嵌入层的梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="55"/>
        <source>gradients of DualPipe&apos;s two copies of each stage</source>
        <translation>DualPipe 每个阶段两份副本的梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="56"/>
        <source>output gradients of the row-parallel layers (sequence parallel)</source>
        <translation>行并行层的输出梯度（序列并行）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="48"/>
        <source>token combine (and the dispatch&apos;s gradient)</source>
        <translation>token 合并（及分发的梯度）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="47"/>
        <source>token dispatch (and the combine&apos;s gradient)</source>
        <translation>token 分发（及合并的梯度）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="53"/>
        <source>updated weights</source>
        <translation>更新后的权重</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="49"/>
        <source>routed tokens over expert TP (and their gradients&apos; sums)</source>
        <translation>经专家 TP 收集的路由 token（及其梯度之和）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="50"/>
        <source>expert outputs over expert TP (and the tokens&apos; gradients)</source>
        <translation>经专家 TP 归约分散的专家输出（及 token 的梯度）</translation>
    </message>
</context>
<context>
    <name>LaneText</name>
    <message>
        <location filename="../widgets/lanetext.cpp" line="18"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="19"/>
        <source>stage %1 (%2)</source>
        <translation>阶段 %1（%2）</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="21"/>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="23"/>
        <source>activations %1</source>
        <translation>激活 %1</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="25"/>
        <source>gradients %1</source>
        <translation>梯度 %1</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="27"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="29"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../widgets/lanetext.cpp" line="30"/>
        <source>rank %1 · node %2</source>
        <translation>rank %1 · 节点 %2</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../core/base/messagetext.cpp" line="100"/>
        <source>%1 of %2 TP groups span more than one node; the slowest (GPUs %3) runs every layer&apos;s TP collectives at %4 GB/s per GPU over %5 instead of %6 GB/s over %7</source>
        <translation>%2 个 TP 组中有 %1 个跨越多个节点；其中最慢的一组（GPU %3）每一层的 TP 集合通信只能以每 GPU %4 GB/s 经 %5 传输，而不是以 %6 GB/s 经 %7</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="103"/>
        <source>%1 of %2 TP groups span more than one NVLink domain; the slowest (GPUs %3) runs every layer&apos;s TP collectives at %4 GB/s per GPU over %5 instead of %6 GB/s over %7</source>
        <translation>%2 个 TP 组中有 %1 个跨越多个 NVLink 域；其中最慢的一组（GPU %3）每一层的 TP 集合通信只能以每 GPU %4 GB/s 经 %5 传输，而不是以 %6 GB/s 经 %7</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="106"/>
        <source>%1 of the %2 GPUs are idle: TP %3 × PP %4 × CP %5 × DP %6 uses %7 of them</source>
        <translation>%2 个 GPU 中有 %1 个空闲：TP %3 × PP %4 × CP %5 × DP %6 只用了其中 %7 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="108"/>
        <source>m = %1 micro-batches for p = %2 stages: the pipeline bubble is %3% of the step; (p−1)/(m+p−1) falls to 10% at m = 9·(p−1) = %4 micro-batches (a smaller micro-batch or a larger global batch), and interleaved stages or ZB-H1 shrink it with fewer</source>
        <translation>p = %2 个流水线阶段只有 m = %1 个微批次：流水线气泡占步长的 %3%；(p−1)/(m+p−1) 要到 m = 9·(p−1) = %4 个微批次才降到 10%（减小微批次或增大全局批次），交错阶段或 ZB-H1 用更少的微批次就能缩小气泡</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="112"/>
        <source>stage %1 needs %2 per GPU, the %3 has %4; the largest term is %5 (%6)</source>
        <translation>阶段 %1 每 GPU 需要 %2 显存，而 %3 只有 %4；最大的一项是%5（%6）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="114"/>
        <source>exposed data-parallel communication takes %1 ms of the %2 ms step (%3%); a larger global batch per DP rank, or fewer DP ranks across slow links, would hide it</source>
        <translation>暴露的数据并行通信占 %2 ms 单步中的 %1 ms（%3%）；增大每个 DP 副本的全局批大小，或减少跨慢速链路的 DP 副本，可将其隐藏</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="117"/>
        <source>stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. Moving layers off stage %1 (parallel.layers_per_stage) would balance them</source>
        <translation>阶段 %1 每步计算 %2 ms，阶段 %3 为 %4 ms；其余阶段都在等待最慢的阶段。把层从阶段 %1 移走（parallel.layers_per_stage）可以使其均衡</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="120"/>
        <source>stage %1 computes for %2 ms per step and stage %3 for %4 ms; the others wait for the slowest. A TP group of stage %1 crosses nodes: placed inside one node, its collectives run on NVLink again</source>
        <translation>阶段 %1 每步计算 %2 ms，阶段 %3 为 %4 ms；其余阶段都在等待最慢的阶段。阶段 %1 有一个 TP 组跨越了节点：把它放回一个节点内，其集合通信就会重新走 NVLink</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="123"/>
        <source>stage %1, the last, computes for %2 ms per step and stage %3 for %4 ms (%6% more): it also runs the output layer over the %7-token vocabulary and the loss, and the others wait for it. Fewer layers there (parallel.layers_per_stage, or Megatron-LM&apos;s parallel.loss_in_split where the layers divide) would balance them</source>
        <translation>最后的阶段 %1 每步计算 %2 ms，阶段 %3 为 %4 ms（多 %6%）：它还要运行含 %7 个 token 词表的输出层和损失计算，其余阶段都在等它。在该阶段放更少的层（parallel.layers_per_stage，或在层数能整除时使用 Megatron-LM 的 parallel.loss_in_split）可以使其均衡</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="128"/>
        <source>%1 has no measured GEMM efficiency in the catalog, so compute times assume the datasheet peak and are a lower bound; run plait-probe compute to measure it</source>
        <translation>目录中没有 %1 的实测 GEMM 效率，因此计算时间按数据手册峰值估算，只是下限；运行 plait-probe compute 进行测量</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="131"/>
        <source>%1 has only a short-burst GEMM rate in the catalog (%2% of peak, boost clock): a training step runs at the power limit, slower, so compute times are optimistic; plait-probe compute measures the sustained rate</source>
        <translation>目录中 %1 只有短时突发的 GEMM 速率（峰值的 %2%，加速频率）：训练步运行在功耗上限，速度更慢，因此计算时间偏乐观；plait-probe compute 可测量持续速率</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="134"/>
        <source>the offloaded states need %1 of host memory per node; the cluster does not state its host memory (cluster.host_memory_GiB), so whether they fit is not checked</source>
        <translation>卸载的状态每个节点需要 %1 主机内存；集群未给出主机内存（cluster.host_memory_GiB），因此不检查能否放下</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="137"/>
        <source>the offloaded states need %1 of host memory per node, more than the %2 each node has</source>
        <translation>卸载的状态每个节点需要 %1 主机内存，超过每个节点的 %2</translation>
    </message>
    <message>
        <source>NVFP4&apos;s random Hadamard transforms, stochastic rounding and 2D weight scaling are not costed, and its kernels&apos; rate comes from one published benchmark (B300): the linears&apos; times are a lower bound</source>
        <translation type="vanished">NVFP4 的随机 Hadamard 变换、随机舍入和二维权重缩放未计入成本，其内核速率仅来自一项已发表的基准测试（B300）：线性层的时间是下限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="142"/>
        <source>%1 has no measured streaming rate in the catalog, so memory-bound kernels (norms, activations, the optimizer step) stream at the datasheet&apos;s %2 GB/s, which copies reach only about 87% of on A100 and H100: their times are optimistic; plait-probe compute measures it</source>
        <translation>目录中没有 %1 的实测带宽，因此访存密集型内核（归一化、激活、优化器步骤）按数据手册的 %2 GB/s 计算，而在 A100 和 H100 上拷贝只能达到其约 87%：这些时间偏乐观；plait-probe compute 可以测量它</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="146"/>
        <source>the catalog publishes no speed of the %1 attention kernel on the %2, so attention runs at the GEMM rate, which no fused attention kernel reaches: its time is a lower bound; choose a kernel the catalog publishes (training.attention_kernel)</source>
        <translation>目录中没有 %1 注意力内核在 %2 上的公开速度，因此注意力按 GEMM 速率计算，而任何融合注意力内核都达不到这一速率：其时间只是下限；请选择目录中公开了速度的内核（training.attention_kernel）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="150"/>
        <source>training.attention_unpad is set, but flash attention is off: padding is removed only around a fused kernel (flash_attn_varlen_func), so the setting costs nothing here</source>
        <translation>已设置 training.attention_unpad，但 Flash Attention 未开启：只有在融合内核（flash_attn_varlen_func）前后才会去除填充，因此该设置在此不计任何开销</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="164"/>
        <source>hardware FLOP utilization %1% passes the %2% of peak the %3 sustains in large GEMMs: some measured shapes ran faster than the sustained rate, which a whole training step will not keep up</source>
        <translation>硬件 FLOP 利用率 %1% 超过了 %3 在大型 GEMM 中可持续的峰值 %2%：部分实测形状比持续速率更快，而整个训练步无法一直保持</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="167"/>
        <source>%1 is not read beside a preset or config.json, which sets the model&apos;s shape; it is kept in the file but has no effect</source>
        <translation>%1 在预设或 config.json 旁不会被读取（模型形状由它们决定）；该字段保留在文件中，但不起作用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="170"/>
        <source>%1 is not a field Plait reads; it is kept in the file but has no effect</source>
        <translation>%1 不是 Plait 读取的字段；它保留在文件中，但不起作用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="172"/>
        <source>%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect</source>
        <translation>%1 不是 Plait 读取的字段；是否想写 %2？它保留在文件中，但不起作用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="174"/>
        <source>%1 is not a field Plait reads; did you mean %2? It is kept in the file but has no effect: %2 is %3</source>
        <translation>%1 不是 Plait 读取的字段；是否想写 %2？它保留在文件中，但不起作用：%2 为 %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="178"/>
        <source>%1 over %2 ranks on %3 host(s) reaches %4 GB/s bus bandwidth at %5, %6% of the %7 GB/s the plan&apos;s links lead one to expect (%8 the narrowest): a slow or misconfigured link (NCCL_DEBUG=INFO names the transport, NICs and NVLinks it used)</source>
        <translation>%1 在 %3 台主机的 %2 个 rank 上于 %5 达到 %4 GB/s 总线带宽，是规划中链路应有的 %7 GB/s 的 %6%（最窄的是 %8）：链路偏慢或配置有误（NCCL_DEBUG=INFO 会列出所用的传输方式、网卡与 NVLink）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="182"/>
        <source>%1 over %2 ranks on %3 host(s) reaches %4 GB/s bus bandwidth at %5, %6% of the %7 GB/s the plan&apos;s links lead one to expect (%8 the narrowest): the catalog understates them; apply the measurement to the plan</source>
        <translation>%1 在 %3 台主机的 %2 个 rank 上于 %5 达到 %4 GB/s 总线带宽，是规划中链路应有的 %7 GB/s 的 %6%（最窄的是 %8）：目录低估了这些链路；请把测量结果应用到规划</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="185"/>
        <source>%1 on %2 reaches %3 GB/s bus bandwidth at %4, %5% of the median of the %6 runs like it (%7 GB/s): a slow NIC or a degraded NVLink there</source>
        <translation>%1 在 %2 上于 %4 达到 %3 GB/s 总线带宽，是 %6 次同类运行中位数（%7 GB/s）的 %5%：那里有较慢的网卡或降级的 NVLink</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="188"/>
        <source>the run has %1 ranks on a host and the plan&apos;s nodes %2 GPUs: the plan&apos;s links say nothing about it</source>
        <translation>这次运行每台主机有 %1 个 rank，而规划的节点只有 %2 个 GPU：规划中的链路无法据此给出预期</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="205"/>
        <source>faster than the datasheet&apos;s HBM bandwidth (%1 GB/s) for the plan&apos;s element-wise traffic: is the profile of this plan?</source>
        <translation>就规划的逐元素流量而言快于数据手册的 HBM 带宽（%1 GB/s）：这份剖析是这个规划的吗？</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="246"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="247"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="248"/>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="249"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="250"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="253"/>
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="254"/>
        <source>must be between %1 and %2, got %3</source>
        <translation>必须在 %1 到 %2 之间，实际为 %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="255"/>
        <source>must be a whole number between %1 and %2, got %3</source>
        <translation>必须是 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="256"/>
        <source>unknown value %1; expected one of: %2</source>
        <translation>未知的值 %1；应为以下之一：%2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="257"/>
        <source>is longer than the limit of %1 characters</source>
        <translation>超过了 %1 个字符的上限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="258"/>
        <source>nodes × gpus_per_node = %1 GPUs, more than the limit of %2</source>
        <translation>nodes × gpus_per_node = %1 块 GPU，超过了 %2 的上限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="260"/>
        <source>tp·pp·dp·cp is larger than the limit of %1 GPUs</source>
        <translation>tp·pp·dp·cp 超过了 %1 块 GPU 的上限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="261"/>
        <source>tp·pp·dp·cp = %1·%2·%3·%4 = %5 GPUs, but the cluster has %6</source>
        <translation>tp·pp·dp·cp = %1·%2·%3·%4 = %5 块 GPU，但集群只有 %6 块</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="262"/>
        <source>heads (%1) must divide by tp (%2)</source>
        <translation>heads（%1）必须能被 tp（%2）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="263"/>
        <source>kv_heads (%1) and tp (%2) must divide one another</source>
        <translation>kv_heads（%1）与 tp（%2）必须有一个能整除另一个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="264"/>
        <source>ffn_hidden (%1) must divide by tp (%2)</source>
        <translation>ffn_hidden（%1）必须能被 tp（%2）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="265"/>
        <source>Megatron-LM shards optimizer states only (its distributed optimizer, ZeRO-1); ZeRO-%1 needs training.framework deepspeed or fsdp</source>
        <translation>Megatron-LM 只切分优化器状态（其分布式优化器，即 ZeRO-1）；ZeRO-%1 需要 training.framework 为 deepspeed 或 fsdp</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="268"/>
        <source>DeepSpeed rejects ZeRO-%1 with pipeline parallelism (pp %2): ZeRO-2 and ZeRO-3 are incompatible with its pipeline engine</source>
        <translation>DeepSpeed 不接受 ZeRO-%1 与流水线并行（pp %2）同时使用：ZeRO-2 和 ZeRO-3 与其流水线引擎不兼容</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="271"/>
        <source>PyTorch FSDP has no ZeRO-1: NO_SHARD is 0, SHARD_GRAD_OP 2, FULL_SHARD 3</source>
        <translation>PyTorch FSDP 没有 ZeRO-1：NO_SHARD 对应 0，SHARD_GRAD_OP 对应 2，FULL_SHARD 对应 3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="272"/>
        <source>%1 runs context parallelism (cp %2) only inside fused attention kernels: set training.flash_attention, or cp 1</source>
        <translation>%1 只在融合注意力内核中运行上下文并行（cp %2）：请设置 training.flash_attention，或令 cp 为 1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="275"/>
        <source>overlaps the all-gather of sharded optimizer updates, which needs zero_stage 1 or 2 (got %1)</source>
        <translation>用于重叠切分后优化器更新的 all-gather，需要 zero_stage 为 1 或 2（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="277"/>
        <source>needs training.overlap_grad_reduce, as in Megatron-LM</source>
        <translation>需要同时开启 training.overlap_grad_reduce，与 Megatron-LM 一致</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="279"/>
        <source>vpp = %1 needs the interleaved schedule</source>
        <translation>vpp = %1 需要交错调度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="280"/>
        <source>%1 runs two model chunks per GPU in a V (down the pipeline, then back): vpp must be 2, not %2</source>
        <translation>%1 在每块 GPU 上以 V 形运行两个模型块（沿流水线向下，再返回）：vpp 必须为 2，而不是 %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="282"/>
        <source>DualPipe pairs stage i with stage pp − 1 − i, so pp must be even and at least 2 (got %1)</source>
        <translation>DualPipe 将阶段 i 与阶段 pp − 1 − i 配对，因此 pp 必须为偶数且至少为 2（当前为 %1）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="284"/>
        <source>%1 needs at least 2·pp micro-batches per pipeline (%2·%3 = %4), an even number under DualPipe, which sends half of them each way (got %5)</source>
        <translation>%1 每条流水线至少需要 2·pp 个微批次（%2·%3 = %4）；DualPipe 还要求为偶数，因为它向两个方向各发送一半（当前为 %5）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="287"/>
        <source>gives each stage&apos;s layers itself; embedding_in_split and loss_in_split would split them again: use one or the other</source>
        <translation>已经给出了每个阶段的层数；embedding_in_split 和 loss_in_split 会再切分一次：二者只能选其一</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="290"/>
        <source>layers with the embedding counted as a layer (%1 + 1 = %2) must divide by pp·vpp (%3·%4 = %5)</source>
        <translation>把嵌入层算作一层后的层数（%1 + 1 = %2）必须能被 pp·vpp（%3·%4 = %5）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="292"/>
        <source>layers with the loss counted as a layer (%1 + 1 = %2) must divide by pp·vpp (%3·%4 = %5)</source>
        <translation>把损失层算作一层后的层数（%1 + 1 = %2）必须能被 pp·vpp（%3·%4 = %5）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="294"/>
        <source>layers with the embedding and the loss counted as layers (%1 + 2 = %2) must divide by pp·vpp (%3·%4 = %5)</source>
        <translation>把嵌入层和损失层各算作一层后的层数（%1 + 2 = %2）必须能被 pp·vpp（%3·%4 = %5）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="296"/>
        <source>layers (%1) must divide by pp·vpp (%2·%3 = %4), or give parallel.layers_per_stage, or count the embedding and the loss as layers (parallel.embedding_in_split, parallel.loss_in_split)</source>
        <translation>层数（%1）必须能被 pp·vpp（%2·%3 = %4）整除；或者给出 parallel.layers_per_stage，或者把嵌入层和损失层算作层（parallel.embedding_in_split、parallel.loss_in_split）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="299"/>
        <source>has %1 entries for pp = %2</source>
        <translation>有 %1 项，而 pp = %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="300"/>
        <source>adds up to %1 layers, the model has %2</source>
        <translation>合计 %1 层，而模型有 %2 层</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="301"/>
        <source>an NVLink domain of %1 GPUs must hold whole nodes of %2 GPUs</source>
        <translation>一个 %1 GPU 的 NVLink 域必须由完整的节点（每节点 %2 个 GPU）组成</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="303"/>
        <source>the cluster&apos;s %1 GPUs do not make whole NVLink domains of %2</source>
        <translation>集群的 %1 个 GPU 不能组成完整的 %2 GPU NVLink 域</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="305"/>
        <source>a pod of %1 GPUs must hold whole NVLink domains of %2 GPUs, and the cluster&apos;s %3 GPUs whole pods</source>
        <translation>%1 个 GPU 的 pod 必须包含整数个 %2 GPU 的 NVLink 域，集群的 %3 个 GPU 也必须组成整数个 pod</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="307"/>
        <source>has %1 entries for pp·vpp = %2·%3 model chunks</source>
        <translation>有 %1 项，而 pp·vpp = %2·%3 个模型块</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="308"/>
        <source>gives each model chunk&apos;s layers itself; layers_per_stage, embedding_in_split and loss_in_split would split them again: use one</source>
        <translation>已自行给出每个模型块的层数；layers_per_stage、embedding_in_split 和 loss_in_split 会再次划分：只用其一</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="311"/>
        <source>each stage&apos;s layers must divide by vpp (%1)</source>
        <translation>每个阶段的层数必须能被 vpp（%1）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="312"/>
        <source>global_batch (%1) must divide by dp·micro_batch (%2·%3 = %4)</source>
        <translation>global_batch（%1）必须能被 dp·micro_batch（%2·%3 = %4）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="314"/>
        <source>the interleaved schedule needs micro-batches per pipeline (%1) to be a multiple of pp (%2)</source>
        <translation>交错调度要求每条流水线的微批次数（%1）是 pp（%2）的倍数</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="316"/>
        <source>%1 micro-batches × %2 pipeline chunks = %3 forward passes to simulate, more than the limit of %4</source>
        <translation>%1 个微批次 × %2 个流水线块 = 需要模拟 %3 次前向传播，超过了 %4 的上限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="318"/>
        <source>seq_len (%1) must divide by 2·cp (%2)</source>
        <translation>seq_len（%1）必须能被 2·cp（%2）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="319"/>
        <source>ep = %1 needs a mixture-of-experts model</source>
        <translation>ep = %1 需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="320"/>
        <source>experts (%1) must divide by ep (%2)</source>
        <translation>experts（%1）必须能被 ep（%2）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="322"/>
        <source>expert TP (%1) × ep (%2) = %3 must divide tp × cp × dp (%4 × %5 × %6 = %7): the MoE layers regroup each stage&apos;s GPUs as expert TP × EP × expert DP</source>
        <translation>专家 TP（%1）× ep（%2）= %3 必须整除 tp × cp × dp（%4 × %5 × %6 = %7）：MoE 层把每个阶段的 GPU 重新分组为专家 TP × EP × 专家 DP</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="325"/>
        <source>etp = %1 needs a mixture-of-experts model</source>
        <translation>etp = %1 需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="327"/>
        <source>the all-to-all overlap needs a mixture-of-experts model with ep &gt; 1 (ep = %1)</source>
        <translation>all-to-all 重叠需要 ep &gt; 1 的混合专家模型（ep = %1）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="329"/>
        <source>the all-to-all overlap is Megatron-Core&apos;s combined 1F1B; %1 does not run it</source>
        <translation>all-to-all 重叠是 Megatron-Core 的 combined 1F1B；%1 不支持</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="331"/>
        <source>the all-to-all overlap runs under 1F1B without pipelining or under interleaved 1F1B (Megatron-Core&apos;s combined_1f1b.py); pp = %1 with %2, vpp = %3</source>
        <translation>all-to-all 重叠只在无流水线的 1F1B 或交错 1F1B 下运行（Megatron-Core 的 combined_1f1b.py）；当前 pp = %1，调度 %2，vpp = %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="335"/>
        <source>the %1 token dispatcher is Megatron-Core&apos;s; %2 sends tokens with an all-to-all (moe_dispatcher alltoall)</source>
        <translation>%1 token 分发器属于 Megatron-Core；%2 用 all-to-all 发送 token（moe_dispatcher alltoall）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="338"/>
        <source>recompute modules (%1) apply to selective recomputation only (Megatron-Core&apos;s --recompute-modules); recompute is %2</source>
        <translation>重计算模块（%1）只用于选择性重计算（Megatron-Core 的 --recompute-modules）；当前 recompute 为 %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="342"/>
        <source>op-level selective recomputation (selective_op) is torchtitan&apos;s, under PyTorch FSDP; %1 does not run it</source>
        <translation>算子级选择性重算（selective_op）属于 torchtitan，在 PyTorch FSDP 下运行；%1 不支持</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="345"/>
        <source>op-level selective recomputation (selective_op) is modelled for dense layers with standard attention only; Plait does not know which of a MoE or MLA layer&apos;s outputs it keeps</source>
        <translation>算子级选择性重算（selective_op）只对使用标准注意力的稠密层建模；Plait 不知道它会保留 MoE 或 MLA 层的哪些输出</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="349"/>
        <source>selective recomputation needs at least one module in recompute_modules (or none: recompute none)</source>
        <translation>选择性重计算需要在 recompute_modules 中至少列出一个模块（不重计算时请设 recompute none）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="352"/>
        <source>keeping the activation&apos;s input in FP8 is Megatron-Core&apos;s --activation-func-fp8-input-store, for SwiGLU MLPs only</source>
        <translation>以 FP8 保存激活函数的输入是 Megatron-Core 的 --activation-func-fp8-input-store，仅适用于 SwiGLU MLP</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="356"/>
        <source>the all-to-all overlap does not run with full recomputation</source>
        <translation>all-to-all 重叠不能与完全重计算同时使用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="357"/>
        <source>a dense model has no experts to split</source>
        <translation>稠密模型没有可切分的专家</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="359"/>
        <source>the experts&apos; FFN width (%1) must divide by expert TP (%2)</source>
        <translation>专家的 FFN 宽度（%1）必须能被专家 TP（%2）整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="360"/>
        <source>needs %1 GPUs, the cluster has %2</source>
        <translation>需要 %1 块 GPU，集群只有 %2 块</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="361"/>
        <source>%1 has no FP8 tensor cores</source>
        <translation>%1 没有 FP8 张量核心</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="362"/>
        <source>%1 has no FP4 tensor cores (NVFP4 needs Blackwell)</source>
        <translation>%1 没有 FP4 张量核心（NVFP4 需要 Blackwell）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="364"/>
        <source>MXFP8 needs tensor cores that apply block scales (Blackwell); %1 has none: use tensorwise, delayed or blockwise scaling</source>
        <translation>MXFP8 需要能应用块缩放因子的张量核心（Blackwell）；%1 没有：请改用 tensorwise、delayed 或 blockwise 缩放</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="368"/>
        <source>rowwise scaling is torchao&apos;s (torchtitan, framework fsdp); %1 runs Transformer Engine&apos;s recipes: delayed, tensorwise, blockwise, mxfp8</source>
        <translation>rowwise 缩放属于 torchao（torchtitan，框架 fsdp）；%1 运行 Transformer Engine 的方案：delayed、tensorwise、blockwise、mxfp8</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="372"/>
        <source>NVFP4 training runs under Megatron-LM (Transformer Engine), not %1</source>
        <translation>NVFP4 训练在 Megatron-LM（Transformer Engine）下运行，而非 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="374"/>
        <source>FP8 primary weights (--fp8-param-gather) need FP8 linears under Megatron-LM with its distributed optimizer (zero_stage 1)</source>
        <translation>FP8 主权重（--fp8-param-gather）需要在 Megatron-LM 下使用 FP8 线性层并启用其分布式优化器（zero_stage 1）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="378"/>
        <source>offloading the parameters needs ZeRO stage 3 with the optimizer offloaded too, under DeepSpeed or FSDP</source>
        <translation>卸载参数需要 ZeRO 阶段 3 且同时卸载优化器，并在 DeepSpeed 或 FSDP 下运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="381"/>
        <source>Megatron-LM offloads the optimizer (--optimizer-cpu-offload) under its distributed optimizer: zero_stage 1</source>
        <translation>Megatron-LM 在其分布式优化器下卸载优化器（--optimizer-cpu-offload）：需要 zero_stage 1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="384"/>
        <source>DeepSpeed offloads the optimizer at ZeRO stage 1, 2 or 3, not 0</source>
        <translation>DeepSpeed 在 ZeRO 阶段 1、2 或 3 下卸载优化器，阶段 0 不行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="386"/>
        <source>FSDP&apos;s CPU offload moves the parameters, gradients and optimizer step together: set offload_params too</source>
        <translation>FSDP 的 CPU 卸载会同时移动参数、梯度和优化器步骤：请同时设置 offload_params</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="388"/>
        <source>BF16 optimizer moments need Adam</source>
        <translation>BF16 优化器动量需要 Adam</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="400"/>
        <source>%1 unrolls to more than %2 letters</source>
        <translation>%1 展开后超过 %2 个字符</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="401"/>
        <source>%1: &apos;%2&apos; in stage %3 is not a layer (E embedding, t transformer layer, m multi-token prediction, L loss)</source>
        <translation>%1：第 %3 段中的 &apos;%2&apos; 不是层（E 嵌入层，t Transformer 层，m 多 token 预测层，L 损失）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="403"/>
        <source>%1 has %2 stages, not a multiple of --pipeline-model-parallel-size %3</source>
        <translation>%1 有 %2 段，不是 --pipeline-model-parallel-size %3 的倍数</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="405"/>
        <source>%1 must begin with the embedding (E) and end with the loss (L), each once</source>
        <translation>%1 必须以嵌入层 (E) 开头、以损失 (L) 结尾，且各只出现一次</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="407"/>
        <source>%1 places a transformer layer after a multi-token prediction layer</source>
        <translation>%1 在多 token 预测层之后放了 Transformer 层</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="409"/>
        <source>%1 places %2 transformer layers where %3 gives %4</source>
        <translation>%1 放置了 %2 个 Transformer 层，而 %3 给出 %4 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="411"/>
        <source>%1 conflicts with %2 at line %3</source>
        <translation>%1 与第 %3 行的 %2 冲突</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="417"/>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="418"/>
        <source>%1 needs a whole number from %2 to %3, got %4</source>
        <translation>%1 需要 %2 到 %3 之间的整数，实际为 %4</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="419"/>
        <source>%1 is missing: Megatron-LM builds a model from all of %2</source>
        <translation>缺少 %1：Megatron-LM 需要 %2 全部给出才能构建模型</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="421"/>
        <source>%1 %2 is not one of: %3</source>
        <translation>%1 %2 不是以下之一：%3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="422"/>
        <source>%1 GPUs (%2) do not divide by TP·PP·CP = %3·%4·%5 = %6</source>
        <translation>%1 个 GPU（%2）不能被 TP·PP·CP = %3·%4·%5 = %6 整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="424"/>
        <source>%1 GPUs (%2) do not divide by TP·PP·CP = %3·%4·%5 = %6: for a script written for one node, import with --keep-cluster to keep the plan&apos;s cluster</source>
        <translation>%1 个 GPU（%2）不能被 TP·PP·CP = %3·%4·%5 = %6 整除：若脚本是为单个节点写的，请加 --keep-cluster 导入，保留计划的集群</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="427"/>
        <source>%1: %2 layers over %3 pipeline stages do not split into virtual stages of that many layers</source>
        <translation>%1：%2 层分到 %3 个流水线阶段后，无法切成每个虚拟阶段这么多层</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="429"/>
        <source>%1 layers less %2 on the first stage and %3 on the last do not split evenly over the %4 other stages</source>
        <translation>%1 层减去第一阶段的 %2 层和最后阶段的 %3 层后，不能平均分到其余 %4 个阶段</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="431"/>
        <source>train_batch_size %1 is not micro-batch %2 × accumulation %3 × DP %4 = %5</source>
        <translation>train_batch_size %1 不等于微批次 %2 × 累积步数 %3 × DP %4 = %5</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="433"/>
        <source>train_batch_size %1 does not divide by %2 %3 × DP %4 = %5</source>
        <translation>train_batch_size %1 不能被 %2 %3 × DP %4 = %5 整除</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="435"/>
        <source>not TOML at column %1: %2</source>
        <translation>第 %1 列不是 TOML：%2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="436"/>
        <source>not TOML: an unterminated string (the line ends at column %1 before its closing quote)</source>
        <translation>不是 TOML：字符串没有闭合（该行在第 %1 列结束，之前没有闭合引号）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="438"/>
        <source>not TOML: an unterminated string (the file ends at column %1 before its closing quotes)</source>
        <translation>不是 TOML：字符串没有闭合（文件在第 %1 列结束，之前没有闭合引号）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="440"/>
        <source>--moe-layer-freq %1 lists %2 layers; --num-layers is %3 (Megatron-LM asserts they match)</source>
        <translation>--moe-layer-freq %1 列出 %2 层，而 --num-layers 为 %3（Megatron-LM 断言二者相等）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="442"/>
        <source>a double quote opens here and is never closed: bash would not run the file</source>
        <translation>此处的双引号没有闭合：bash 不会运行该文件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="444"/>
        <source>a single quote opens here and is never closed: bash would not run the file</source>
        <translation>此处的单引号没有闭合：bash 不会运行该文件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="448"/>
        <source>the file sets no Megatron-LM argument (no --flag was found): it is not a launch script or argument file</source>
        <translation>文件没有设置任何 Megatron-LM 参数（未找到 --flag）：它不是启动脚本或参数文件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="453"/>
        <source>the file sets no torchtitan setting: it is neither a TOML job file nor a command line of --section.key flags</source>
        <translation>文件没有设置任何 torchtitan 配置：它既不是 TOML 作业文件，也不是由 --section.key 标志组成的命令行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="446"/>
        <source>the file holds binary data (NUL bytes): not a %1 configuration</source>
        <translation>文件含有二进制数据（NUL 字节）：不是 %1 配置</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="16"/>
        <source>weights = parameters on this GPU × bytes per parameter</source>
        <translation>权重 = 本 GPU 上的参数量 × 每个参数的字节数</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="17"/>
        <source> / (dp·cp) + the stage&apos;s parameters, gathered through the step (FSDP under PP)</source>
        <translation> / (dp·cp) + 本流水线阶段的参数，在整个步骤中保持聚合（PP 下的 FSDP）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="19"/>
        <source> / (dp·cp) + two gathered layers (ZeRO-3)</source>
        <translation> / (dp·cp) + 两个已聚合的层（ZeRO-3）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="20"/>
        <source>        = %1</source>
        <translation>        = %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="21"/>
        <source> + %1 (experts)</source>
        <translation> + %1（专家）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="22"/>
        <source> + …</source>
        <translation> + …</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="23"/>
        <source> + %1 quantized copies</source>
        <translation> + %1 量化副本</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="24"/>
        <source> = %1</source>
        <translation> = %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="25"/>
        <source>quantized copies: the layers&apos; linear weights in %1 in both orientations (Transformer Engine&apos;s weight workspaces), %2 B per weight</source>
        <translation>量化副本：各层线性权重以 %1 格式按两种方向各存一份（Transformer Engine 的权重工作区），每个权重 %2 B</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="28"/>
        <source>parameters: %1 layers / tp %2</source>
        <translation>参数：%1 层 / tp %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="29"/>
        <source> + word embedding</source>
        <translation> + 词嵌入</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="30"/>
        <source> + final norm and output layer</source>
        <translation> + 最终归一化层和输出层</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="31"/>
        <source>; experts / (expert TP %1 × EP %2), their states sharded over expert DP %3</source>
        <translation>；专家 / (专家 TP %1 × EP %2)，其状态在专家 DP %3 上分片</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="33"/>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="34"/>
        <source>gradients = parameters × %1 B</source>
        <translation>梯度 = 参数量 × %1 B</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="35"/>
        <source> (fp32 main_grad)</source>
        <translation>（fp32 main_grad）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="36"/>
        <source> (16-bit)</source>
        <translation>（16 位）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="37"/>
        <source> / (dp·cp) (ZeRO-2)</source>
        <translation> / (dp·cp)（ZeRO-2）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="38"/>
        <source> + the stage&apos;s gradients, accumulated unsharded until the last micro-batch</source>
        <translation> + 本阶段的梯度，在最后一个微批次之前不分片地累加</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="40"/>
        <source>Source: torch.distributed.pipelining stage.py backward_maybe_with_nosync (no gradient sync or reshard but for the last micro-batch); FSDP2 to_accumulated_grad_if_needed</source>
        <translation>来源：torch.distributed.pipelining stage.py backward_maybe_with_nosync（除最后一个微批次外不做梯度同步和重新分片）；FSDP2 to_accumulated_grad_if_needed</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="43"/>
        <source>optimizer = parameters × %1 B</source>
        <translation>优化器 = 参数量 × %1 B</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="44"/>
        <source> (fp32 master, Adam m and v)</source>
        <translation>（fp32 主权重，Adam 的 m 和 v）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="45"/>
        <source> (fp32 master, Adam m and v in BF16)</source>
        <translation>（fp32 主权重，Adam 的 m 和 v 为 BF16）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="46"/>
        <source> (no fp32 master: BF16 master weights, Adam m and v)</source>
        <translation>（无 fp32 主权重：BF16 主权重，Adam 的 m 和 v）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="48"/>
        <source> (no fp32 master: BF16 master weights, Adam m and v in BF16)</source>
        <translation>（无 fp32 主权重：BF16 主权重，Adam 的 m 和 v 为 BF16）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="50"/>
        <source> (fp32 master, momentum)</source>
        <translation>（fp32 主权重，动量）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="51"/>
        <source> (no fp32 master, momentum)</source>
        <translation>（无 fp32 主权重，动量）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="52"/>
        <source> / (dp·cp) (ZeRO-1 / distributed optimizer)</source>
        <translation> / (dp·cp)（ZeRO-1 / 分布式优化器）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="53"/>
        <source>          = 0 on the GPU: in host memory, stepped by the CPU (%1, %2e9 parameters/s per node)</source>
        <translation>          = GPU 上为 0：位于主机内存，由 CPU 执行更新（%1，每节点每秒 %2e9 个参数）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="55"/>
        <source>Source: Ren et al. 2021 (ZeRO-Offload); CPU-Adam&apos;s rate from DeepSpeed PR #735</source>
        <translation>来源：Ren 等 2021（ZeRO-Offload）；CPU-Adam 的速率取自 DeepSpeed PR #735</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="57"/>
        <source>activations = micro-batches in flight × layers per chunk × bytes per layer (+ first/last-stage terms)</source>
        <translation>激活 = 在途微批次数 × 每块层数 × 每层字节数（+ 首/末阶段的附加项）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="59"/>
        <source>            = %1 × %2 × %3 + … = %4</source>
        <translation>            = %1 × %2 × %3 + … = %4</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="60"/>
        <source>bytes per layer: Korthikanti et al. 2022 Table 2, </source>
        <translation>每层字节数：Korthikanti 等 2022 表 2，</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="61"/>
        <source>full recomputation: only the layer input (2sbh)</source>
        <translation>完全重计算：只保留层输入（2sbh）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="62"/>
        <source>selective recomputation of %1: their kept tensors are dropped</source>
        <translation>选择性重计算 %1：丢弃它们保留的张量</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="64"/>
        <source>op-level selective recomputation (torchtitan): the layer input, the outputs of every other matmul and of the attention kernel</source>
        <translation>算子级选择性重计算（torchtitan）：保留层输入、每隔一个矩阵乘的输出以及注意力内核的输出</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="67"/>
        <source>flash attention keeps no score matrix</source>
        <translation>flash attention 不保留得分矩阵</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="68"/>
        <source>sbh(34 + 5as/h) split by TP</source>
        <translation>sbh(34 + 5as/h)，按 TP 切分</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="69"/>
        <source>, sequence parallel: everything / tp</source>
        <translation>，序列并行：全部 / tp</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="70"/>
        <source>; the linears&apos; inputs kept quantized, %1 B per element</source>
        <translation>；线性层的输入以量化形式保留，每个元素 %1 B</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="72"/>
        <source>in flight: counted from the simulated %1 schedule of this stage</source>
        <translation>在途数：取自本阶段模拟的 %1 调度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="74"/>
        <source>other = CUDA context, cuBLAS workspace, NCCL buffers + fragmentation × tensors</source>
        <translation>其他 = CUDA 上下文、cuBLAS 工作区、NCCL 缓冲区 + 碎片率 × 张量</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="76"/>
        <source>      = %1 GiB + %2% × %3 = %4</source>
        <translation>      = %1 GiB + %2% × %3 = %4</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="77"/>
        <source>Defaults: 1 GiB fixed, 5% (Megatron-LM&apos;s overhead factor); set training.other_GiB and training.fragmentation</source>
        <translation>默认值：固定 1 GiB，5%（Megatron-LM 的开销系数）；可设置 training.other_GiB 和 training.fragmentation</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="80"/>
        <source>Not counted above: the caching allocator reserves about %1 at this stage&apos;s peak (torch.cuda.max_memory_reserved), %2 × the %3 of tensors, at most the %4 the GPU leaves it (%5). It frees that cache under pressure, so the plan needs only the total to fit</source>
        <translation>以上未计入：缓存分配器在本阶段峰值时约预留 %1（torch.cuda.max_memory_reserved），即 %2 × 张量的 %3，最多为 GPU 留给它的 %4（%5）。内存紧张时它会释放这部分缓存，因此计划只需总量能放下</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="84"/>
        <source>%1 %2, %3 ranks, %4 over %5</source>
        <translation>%1 %2，%3 个 rank，%4 算法，经由 %5</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="85"/>
        <source>T per call = α·steps + S·factor/β = %1 µs + %2 µs = %3 µs   (S = %4 MiB, factor = %5)</source>
        <translation>每次调用 T = α·步数 + S·系数/β = %1 µs + %2 µs = %3 µs   （S = %4 MiB，系数 = %5）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="87"/>
        <source>per step = %1 calls × %2 ms = %3 ms, of which %4 ms exposed (not hidden under compute)</source>
        <translation>每步 = %1 次调用 × %2 ms = %3 ms，其中 %4 ms 暴露（未被计算掩盖）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="89"/>
        <source>Source: nccl-tests doc/PERFORMANCE.md (bus-bandwidth factors); α and β from the link catalog</source>
        <translation>来源：nccl-tests doc/PERFORMANCE.md（总线带宽系数）；α 和 β 取自链路目录</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="92"/>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="93"/>
        <source>%1 × 10⁸</source>
        <translation>%1 亿</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="94"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="95"/>
        <source>%1× as fast</source>
        <translation>速度提高到 %1 倍</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="96"/>
        <source>%1× as slow</source>
        <translation>速度降到 1/%1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="97"/>
        <source>%1 faster</source>
        <translation>快 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="98"/>
        <source>%1 slower</source>
        <translation>慢 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="139"/>
        <source>NVFP4&apos;s random Hadamard transforms, stochastic rounding and 2D weight scaling are not costed, and its GEMMs&apos; rate comes from one published benchmark (%1): the linears&apos; times are a lower bound</source>
        <translation>NVFP4 的随机 Hadamard 变换、随机舍入和二维权重缩放未计入成本，其 GEMM 速率仅来自一项已发表的基准测试（%1）：线性层的时间是下限</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="153"/>
        <source>no benchmark publishes the speed of the %1 attention kernel (flash_attn_triton.py, llm-foundry&apos;s attn_impl triton) on the %2, and its published timings elsewhere disagree, from below FlashAttention v1&apos;s to twice as fast: %3&apos;s curve, the middle of them, sets the step time, and %4&apos;s the fast end of its range (resources/catalog/SOURCES.md)</source>
        <translation>没有任何基准测试发表过 %1 注意力内核（flash_attn_triton.py，即 llm-foundry 的 attn_impl triton）在 %2 上的速度，而它在其他 GPU 上已发表的计时互不一致，从低于 FlashAttention v1 到快一倍不等：单步时间取居中的 %3 曲线，其范围的快端取 %4 的曲线（resources/catalog/SOURCES.md）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="158"/>
        <source>published timings of the %1 attention kernel (flash_attn_triton.py, llm-foundry&apos;s attn_impl triton) disagree: FlashAttention-2&apos;s benchmark, whose curve the %2 carries, puts it at or below FlashAttention v1, its author slightly slower than v1, MosaicML slightly faster, and one user twice as fast: %3&apos;s curve, the middle of them, sets the step time, the benchmark&apos;s curve the slow end of its range and %4&apos;s the fast end (resources/catalog/SOURCES.md)</source>
        <translation>%1 注意力内核（flash_attn_triton.py，即 llm-foundry 的 attn_impl triton）已发表的计时互不一致：FlashAttention-2 的基准测试（%2 采用其曲线）显示它不快于 FlashAttention v1，其作者认为比 v1 略慢，MosaicML 认为略快，一位用户测得快一倍：单步时间取居中的 %3 曲线，范围的慢端取该基准测试的曲线，快端取 %4 的曲线（resources/catalog/SOURCES.md）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="191"/>
        <source>no rank of the profile has a stage in the plan and a profiled step</source>
        <translation>剖析中没有任何 rank 在规划中有所属阶段且有被剖析的训练步</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="193"/>
        <source>the plan does not evaluate</source>
        <translation>规划无法评估</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="194"/>
        <source>the plan has no GEMMs on the profiled stages</source>
        <translation>规划在被剖析的阶段上没有 GEMM</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="195"/>
        <source>no GEMM kernel in the profile</source>
        <translation>剖析中没有 GEMM 内核</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="196"/>
        <source>no attention kernel in the profile</source>
        <translation>剖析中没有注意力内核</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="197"/>
        <source>no element-wise kernel in the profile</source>
        <translation>剖析中没有逐元素内核</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="198"/>
        <source>the plan runs unfused attention, costed as GEMMs and element-wise kernels</source>
        <translation>规划使用未融合的注意力，按 GEMM 和逐元素内核计价</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="200"/>
        <source>the profile has attention kernels of one pass only</source>
        <translation>剖析中只有一个方向（前向或反向）的注意力内核</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="201"/>
        <source>the kernels&apos; names do not tell the two passes apart: their time is split as the model splits it</source>
        <translation>内核名称无法区分前向与反向：其时间按模型的比例拆分</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="203"/>
        <source>faster than the GPU&apos;s dense peak (%1 TFLOP/s) for the plan&apos;s FLOPs: is the profile of this plan?</source>
        <translation>按规划的 FLOP 计算，比 GPU 的稠密峰值（%1 TFLOP/s）还快：这份剖析是这个规划的吗？</translation>
    </message>
    <message>
        <source>faster than the datasheet&apos;s HBM bandwidth (%1 GB/s) for the plan&apos;s element-wise traffic and kernel count: is the profile of this plan?</source>
        <translation type="vanished">按规划的逐元素访存量和内核数计算，比数据手册的 HBM 带宽（%1 GB/s）还快：这份剖析是这个规划的吗？</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="208"/>
        <source>over 20 times slower than the model: is the profile of this plan?</source>
        <translation>比模型慢 20 倍以上：这份剖析是这个规划的吗？</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="210"/>
        <source>over 20 times faster than the model: is the profile of this plan?</source>
        <translation>比模型快 20 倍以上：这份剖析是这个规划的吗？</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="212"/>
        <source>replaces the probe&apos;s timed GEMM shapes</source>
        <translation>取代探测程序实测的 GEMM 形状</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="213"/>
        <source>its largest all-reduce moves %1, below the 1 MiB where the link&apos;s rate sets the time</source>
        <translation>其最大的 all-reduce 仅传输 %1，低于由链路速率决定耗时的 1 MiB</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="215"/>
        <source>below 1% of the link&apos;s line rate: a broken link, not a slow one (the fabric check names it)</source>
        <translation>低于链路线速的 1%：这是故障链路，而非慢链路（网络检查会指出它）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="217"/>
        <source>no all-reduce over this link was timed: its efficiency stays the model&apos;s</source>
        <translation>此链路上没有计时到 all-reduce：其效率保持模型值</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="219"/>
        <source>its largest call moves %1, below the 1 MiB where the link&apos;s rate sets the time</source>
        <translation>其最大的一次调用仅传输 %1，低于由链路速率决定耗时的 1 MiB</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="221"/>
        <source>the plan places this group&apos;s ranks on no GPUs of its cluster: its path is not known</source>
        <translation>规划没有把这个组的 rank 放到其集群的 GPU 上：其路径未知</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="223"/>
        <source>%1 GB/s of bus bandwidth, past the link&apos;s line rate of %2 GB/s: is the profile of this cluster?</source>
        <translation>总线带宽 %1 GB/s，超过链路线速 %2 GB/s：这份剖析是这个集群的吗？</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="225"/>
        <source>fewer than %1 kernels per step ran beside a collective and also alone: the slowdown is not measured</source>
        <translation>每步既与集合通信并行、又单独运行过的内核少于 %1 个：未测得减速</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="227"/>
        <source>the kernels beside collectives ran %1% slower than alone, past what sharing the GPU does: something else slowed them</source>
        <translation>与集合通信并行的内核比单独运行慢 %1%，超出共享 GPU 所能造成的程度：是别的原因拖慢了它们</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="230"/>
        <source>the kernels beside collectives ran no slower than alone (%1% faster): taken as no slowdown</source>
        <translation>与集合通信并行的内核并不比单独运行慢（快 %1%）：按无减速计</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="232"/>
        <source>the plan&apos;s element-wise time is all kernels&apos; fixed cost: no traffic to fit a rate on</source>
        <translation>规划的逐元素时间全部是内核的固定开销：没有可拟合速率的流量</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="234"/>
        <source>fewer than %1 kernels per step waited in the queue (the profile records no kernel launches, or the host held every kernel back): the kernels&apos; fixed cost is not measured</source>
        <translation>每步在队列中等待的内核少于 %1 个（剖析未记录内核启动，或主机拖住了每个内核）：未测得内核的固定开销</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="237"/>
        <source>the GPU sat idle %1 µs before each kernel that waited in the queue, past the %2 µs the calibration allows a kernel&apos;s fixed cost: something else held the queue (another stream&apos;s event, a copy)</source>
        <translation>每个在队列中等待的内核之前 GPU 空闲 %1 µs，超过校准允许的单个内核固定开销 %2 µs：是别的东西拖住了队列（另一条流的事件、一次拷贝）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="240"/>
        <source>%1 µs per kernel, past %2 µs: the GPU waited on something other than starting kernels</source>
        <translation>每个内核 %1 µs，超过 %2 µs：GPU 在等待启动内核以外的东西</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="242"/>
        <source>the GPU sat idle %1 µs before each of %2 kernels per step that waited in the queue; over all %3 kernels per step that is %4, which the model&apos;s %5 kernels per step carry</source>
        <translation>每步有 %2 个内核在队列中等待，GPU 在每个之前空闲 %1 µs；按每步全部 %3 个内核计为 %4，由模型每步的 %5 个内核分摊</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="389"/>
        <source>BF16 master weights and gradients are DeepSpeed&apos;s (bf16.bf16_master_weights_and_grads), under BF16 training</source>
        <translation>BF16 主权重和梯度是 DeepSpeed 的功能（bf16.bf16_master_weights_and_grads），需在 BF16 训练下使用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="392"/>
        <source>DeepSpeed keeps BF16 master weights only under ZeRO 1, 2 or 3 (&quot;Bf16_master_weights_and_grads is only supported with ZeRO Stage 1, 2, or 3.&quot;)</source>
        <translation>DeepSpeed 只在 ZeRO 1、2 或 3 下保留 BF16 主权重（&quot;Bf16_master_weights_and_grads is only supported with ZeRO Stage 1, 2, or 3.&quot;）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="395"/>
        <source>DeepSpeed keeps Adam&apos;s moments in BF16 only beside BF16 master weights (&quot;bf16_optimizer_states requires bf16_master_weights_and_grads to be enabled.&quot;): set training.master_weights to bf16, or the moments to fp32</source>
        <translation>DeepSpeed 只有在使用 BF16 主权重时才以 BF16 保存 Adam 的动量（&quot;bf16_optimizer_states requires bf16_master_weights_and_grads to be enabled.&quot;）：请把 training.master_weights 设为 bf16，或把动量设为 fp32</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="412"/>
        <source>%1 takes its value from %2, a variable or a command the file does not set</source>
        <translation>%1 的值来自 %2，这是文件没有设置的变量或命令</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="414"/>
        <source>%1 takes its value from %2, an argument given to the script when it is run, which the file does not hold</source>
        <translation>%1 的值来自 %2，即运行脚本时传入的参数，文件中没有它的值</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="450"/>
        <source>the file sets only a launcher&apos;s flags (%1) and no Megatron-LM argument after its script: not a Megatron-LM launch script</source>
        <translation>文件只设置了启动器的参数（%1），其脚本之后没有任何 Megatron-LM 参数：不是 Megatron-LM 启动脚本</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="456"/>
        <source>%1 = 0: torchtitan takes -1 (the GPUs the other degrees leave) or a degree of at least 1</source>
        <translation>%1 = 0：torchtitan 只接受 -1（其余并行度剩下的 GPU）或不小于 1 的并行度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="458"/>
        <source>bf16 and fp16 are both enabled</source>
        <translation>bf16 和 fp16 同时启用</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="459"/>
        <source>%1 shards the KV heads by TP: %2 KV heads do not divide by TP %3; TP %4 would</source>
        <translation>%1 按 TP 切分 KV 头：%2 个 KV 头不能被 TP %3 整除；TP %4 可以</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="461"/>
        <source>training.framework %1 does not run the %2 schedule</source>
        <translation>training.framework %1 不运行 %2 调度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="463"/>
        <source>training.framework %1 does not run the %2 schedule: a what-if that no launch configuration can run; 1f1b runs everywhere</source>
        <translation>training.framework %1 不运行 %2 调度：这是一个假设方案，任何启动配置都无法运行；1f1b 在所有框架中都可运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="466"/>
        <source>%1 does not run the %2 schedule; 1f1b runs everywhere</source>
        <translation>%1 不支持 %2 调度；1f1b 在所有框架中都可运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="468"/>
        <source>%1 splits the layers evenly over the stages; export to Megatron-LM for an uneven split, or remove it</source>
        <translation>%1 在各阶段间均分层数；不均匀的划分请导出到 Megatron-LM，或将其去掉</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="470"/>
        <source>%1 runs on whole nodes: the plan uses %2 GPUs, not a multiple of %3 per node</source>
        <translation>%1 以整节点运行：方案使用 %2 个 GPU，不是每节点 %3 个的整数倍</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="472"/>
        <source>DeepSpeed&apos;s JSON holds no parallel sizes: the training script sets PP %1 (PipelineModule(num_stages=%1)) and TP %2; DP is then %3 ranks / (PP %1 · TP %2) = %4</source>
        <translation>DeepSpeed 的 JSON 不含并行规模：由训练脚本设置 PP %1（PipelineModule(num_stages=%1)）和 TP %2；于是 DP 为 %3 个 rank / (PP %1 · TP %2) = %4</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="475"/>
        <source>start it on the first node with DeepSpeed&apos;s launcher, which reaches the others through the hostfile that `plait export PLAN --to hostfile` writes: %1</source>
        <translation>在第一个节点上用 DeepSpeed 的启动器启动，它通过 `plait export PLAN --to hostfile` 写出的 hostfile 连接其他节点：%1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="478"/>
        <source>start it with DeepSpeed&apos;s launcher: %1</source>
        <translation>用 DeepSpeed 的启动器启动：%1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="479"/>
        <source>DeepSpeed&apos;s launcher gives each node a block of consecutive ranks and local rank i GPU i, which is not this plan&apos;s placement: start it with the torchrun lines that `plait export PLAN --to hostfile` writes (deepspeed.init_distributed reads torchrun&apos;s environment)</source>
        <translation>DeepSpeed 的启动器给每个节点分配一段连续的 rank，并让本地 rank i 使用 GPU i，这与本方案的放置不同：请用 `plait export PLAN --to hostfile` 写出的 torchrun 命令启动（deepspeed.init_distributed 会读取 torchrun 的环境变量）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="483"/>
        <source>torchtitan&apos;s TOML versions (v0.2) always shard the sequence under TP %1: set training.sequence_parallel to true</source>
        <translation>torchtitan 的 TOML 版本（v0.2）在 TP %1 下总是切分序列：请把 training.sequence_parallel 设为 true</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="486"/>
        <source>torchtitan runs expert TP only as 1 or as the TP size (%1), not %2 (&quot;Currently we only support ETP=TP or ETP=1&quot;)</source>
        <translation>torchtitan 的专家 TP 只能为 1 或等于 TP 规模（%1），不能为 %2（&quot;Currently we only support ETP=TP or ETP=1&quot;）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="489"/>
        <source>torchtitan needs the sequence (%1 tokens) to divide by TP · 2 · CP = %2; %3 tokens would</source>
        <translation>torchtitan 要求序列长度（%1 个 token）能被 TP · 2 · CP = %2 整除；%3 个 token 可以</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="491"/>
        <source>--group-query-attention without --num-query-groups: Megatron-LM keeps one KV head per attention head</source>
        <translation>有 --group-query-attention 而无 --num-query-groups：Megatron-LM 为每个注意力头保留一个 KV 头</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="493"/>
        <source>%1 (%2) has no effect without --group-query-attention, as in Megatron-LM</source>
        <translation>%1（%2）在没有 --group-query-attention 时不起作用，与 Megatron-LM 一致</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="495"/>
        <source>the vocabulary comes from the tokenizer, which the arguments do not name (no --vocab-size): the base plan&apos;s %1 is kept</source>
        <translation>词表来自分词器，而参数中未给出（无 --vocab-size）：保留基础方案的 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="498"/>
        <source>no --vocab-size: the vocabulary is the tokenizer&apos;s (%1), which Plait does not read; the base plan&apos;s %2 is kept</source>
        <translation>没有 --vocab-size：词表来自分词器（%1），Plait 不读取它；保留基础计划的 %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="501"/>
        <source>no --seq-length: the base plan&apos;s %1 is kept</source>
        <translation>无 --seq-length：保留基础方案的 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="502"/>
        <source>no --attention-dropout or --hidden-dropout: Megatron-LM runs its default 0.1 on both, which Llama-style recipes (no linear biases) set to 0; the estimate costs it, in the attention kernel and as masks on the residual branches</source>
        <translation>未给出 --attention-dropout 或 --hidden-dropout：Megatron-LM 对两者都按默认值 0.1 运行，而 Llama 风格的配方（无线性层偏置）会设为 0；估算计入了它的开销：注意力内核中的时间，以及残差分支上的掩码</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="506"/>
        <source>%1 (%2) where the base plan&apos;s nodes have %3 GPUs: the nodes&apos; hardware is the base plan&apos;s</source>
        <translation>%1（%2），而基础方案的节点有 %3 个 GPU：节点硬件沿用基础方案</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="508"/>
        <source>the file does not give torchrun&apos;s --nnodes and --nproc-per-node as numbers: the cluster is the base plan&apos;s, %1 × %2 GPUs</source>
        <translation>文件未以数字给出 torchrun 的 --nnodes 和 --nproc-per-node：集群沿用基础方案，%1 × %2 个 GPU</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="511"/>
        <source>no --global-batch-size: Megatron-LM takes micro-batch × DP = %1</source>
        <translation>无 --global-batch-size：Megatron-LM 取微批次 × DP = %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="513"/>
        <source>neither --bf16 nor --fp16: Megatron-LM trains in fp32</source>
        <translation>既无 --bf16 也无 --fp16：Megatron-LM 以 fp32 训练</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="514"/>
        <source>holds %1 Mamba (state-space) layers, which Plait does not cost: refused rather than costed as attention</source>
        <translation>含有 %1 个 Mamba（状态空间）层，Plait 不计算这类层的开销：拒绝导入，而不是按注意力层计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="516"/>
        <source>holds %2 layers of kind &quot;%1&quot;, which Plait does not cost: refused rather than costed as attention</source>
        <translation>包含 %2 个“%1”类型的层，Plait 不能计算其开销：拒绝导入，而不是把它们当作注意力层计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="518"/>
        <source>holds %1 cross-attention layers (attention to image features), which Plait does not cost: refused rather than costed as self-attention</source>
        <translation>包含 %1 个交叉注意力层（对图像特征的注意力），Plait 不能计算其开销：拒绝导入，而不是把它们当作自注意力层计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="521"/>
        <source>describes Mamba (state-space) layers, which Plait does not cost: refused rather than costed as attention</source>
        <translation>描述了 Mamba（状态空间）层，Plait 不计算这类层的开销：拒绝导入，而不是按注意力层计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="523"/>
        <source>the file holds %1 of Python&apos;s NaN/Infinity, which JSON has no words for: read as text, so a field Plait reads would say so</source>
        <translation>文件含有 %1 个 Python 的 NaN/Infinity，JSON 没有对应的写法：按文本读取，若 Plait 读取的字段含有它们会指出</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="526"/>
        <source>the file passes no command its flags: read those it keeps in %1 (an argument file meant to be sourced)</source>
        <translation>文件没有把这些标志传给任何命令：读取其保存在 %1 中的标志（这是供 source 引入的参数文件）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="528"/>
        <source>ZeRO stage %1 does not run with DeepSpeed&apos;s pipeline: PP 1, and the base plan&apos;s %2 pipeline stages&apos; GPUs go to data parallelism</source>
        <translation>ZeRO 阶段 %1 不能与 DeepSpeed 的流水线一起运行：PP 设为 1，基础计划中 %2 个流水线阶段的 GPU 转用于数据并行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="531"/>
        <source>tensor_parallel.autotp_size %1: DeepSpeed&apos;s AutoTP splits each layer over that many GPUs (TP %1)</source>
        <translation>tensor_parallel.autotp_size %1：DeepSpeed 的 AutoTP 把每一层切分到这么多块 GPU 上（TP %1）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="533"/>
        <source>--keep-cluster: the file&apos;s %1 %2 give way to the plan&apos;s cluster of %3 × %4 GPUs</source>
        <translation>--keep-cluster：文件中的 %1 %2 让位于计划的集群，共 %3 × %4 块 GPU</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="535"/>
        <source>%1 (%2) is the old name of %3, read as such</source>
        <translation>%1（%2）是 %3 的旧名称，按后者读取</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="536"/>
        <source>a DeepSpeed JSON holds no TP or pipeline sizes (the training script builds them: PipelineModule&apos;s num_stages, the model&apos;s code): the base plan&apos;s TP %1 · PP %2 · DP %3 are kept</source>
        <translation>DeepSpeed 的 JSON 不含 TP 或流水线规模（由训练脚本构建：PipelineModule 的 num_stages、模型代码）：保留基础计划的 TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="539"/>
        <source>zero_optimization.reduce_bucket_size 0: ZeRO reduces each gradient tensor alone as the backward produces it; costed as buckets of one weight matrix, %1 parameters</source>
        <translation>zero_optimization.reduce_bucket_size 为 0：ZeRO 在反向传播产生每个梯度张量时单独归约它；按每桶一个权重矩阵（%1 个参数）计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="542"/>
        <source>%1: --use-megatron-fsdp without --data-parallel-sharding-strategy: read as optim_grads_params (ZeRO-3), Megatron-LM&apos;s default since 2026-04-01 (#3691); before it the default was no_shard (no sharding)</source>
        <translation>%1：有 --use-megatron-fsdp 而无 --data-parallel-sharding-strategy：按 optim_grads_params（ZeRO-3）读取，这是 Megatron-LM 自 2026-04-01（#3691）起的默认值；此前默认值为 no_shard（不切分）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="545"/>
        <source>Megatron-FSDP with %1 shards as ZeRO-%2: costed as training.framework %3</source>
        <translation>Megatron-FSDP 使用 %1，相当于 ZeRO-%2 的分片：按 training.framework %3 计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="547"/>
        <source>Megatron-FSDP&apos;s %1 token dispatcher is costed as the all-to-all: Plait costs the %1 dispatcher under Megatron-LM&apos;s own sharding only</source>
        <translation>Megatron-FSDP 的 %1 令牌分发按 all-to-all 计算：Plait 只在 Megatron-LM 自身的分片方式下计算 %1 分发</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="550"/>
        <source>MindSpeed-LLM&apos;s names for Megatron-LM&apos;s arguments, read as Megatron-LM&apos;s: %1</source>
        <translation>MindSpeed-LLM 对 Megatron-LM 参数的另一种命名，已按 Megatron-LM 的参数读取：%1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="552"/>
        <source>%1 (%2) is Megatron-DeepSpeed&apos;s: the optimizer runs under DeepSpeed at that ZeRO stage, and the job as DeepSpeed runs it</source>
        <translation>%1（%2）属于 Megatron-DeepSpeed：优化器在 DeepSpeed 下以该 ZeRO 阶段运行，作业按 DeepSpeed 的方式运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="555"/>
        <source>--sequence-parallel (%1) with TP 1: Megatron-LM turns it off, and so does the plan</source>
        <translation>--sequence-parallel（%1）而 TP 为 1：Megatron-LM 会关闭它，方案同样关闭</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="557"/>
        <source>%1 is &quot;auto&quot; (the Hugging Face Trainer fills it in from its own arguments): the base plan&apos;s value is kept</source>
        <translation>%1 为 &quot;auto&quot;（由 Hugging Face Trainer 按其自身参数填入）：保留基础方案的值</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="559"/>
        <source>fewer than two of train_batch_size, train_micro_batch_size_per_gpu and gradient_accumulation_steps are numbers: the rest are the base plan&apos;s (global batch %1, micro-batch %2)</source>
        <translation>train_batch_size、train_micro_batch_size_per_gpu 和 gradient_accumulation_steps 中少于两个是数字：其余沿用基础方案（全局批次 %1，微批次 %2）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="562"/>
        <source>neither bf16 nor fp16 is enabled: DeepSpeed trains in fp32</source>
        <translation>bf16 和 fp16 都未启用：DeepSpeed 以 fp32 训练</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="563"/>
        <source>[model] %1 (%2): torchtitan&apos;s shape of it is the published model Plait has as the preset %3, read as such</source>
        <translation>[model] %1（%2）：torchtitan 中该模型的结构即 Plait 预设 %3 所对应的公开模型，按此读取</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="565"/>
        <source>%1 = %2 (%3): torchtitan&apos;s code holds that model&apos;s shape; the plan keeps the base plan&apos;s model, %4</source>
        <translation>%1 = %2（%3）：该模型的形状在 torchtitan 的代码中；方案保留基础方案的模型 %4</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="567"/>
        <source>with virtual stages: the layers are split evenly</source>
        <translation>有虚拟阶段：各层平均切分</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="569"/>
        <source>a module Plait does not recompute (its activations are counted as kept)</source>
        <translation>Plait 不对该模块做重计算（其激活按保留计入）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="570"/>
        <source>estimated as every layer recomputed</source>
        <translation>按每层都重算估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="571"/>
        <source>memory and time are those of the GPU alone</source>
        <translation>显存和时间只按 GPU 本身计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="572"/>
        <source>copies from pageable host memory run below the link&apos;s rate, which the offload is costed at</source>
        <translation>从可分页主机内存拷贝的速度低于链路速率，而卸载是按链路速率计算成本的</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="574"/>
        <source>estimated as %1</source>
        <translation>按 %1 估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="575"/>
        <source>multi-head latent attention: costed as attention with %1 KV heads</source>
        <translation>多头潜在注意力：按 %1 个 KV 头的注意力估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="577"/>
        <source>%1 makes every layer dense: the model is costed without experts</source>
        <translation>%1 使每一层都是稠密层：模型按无专家计算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="579"/>
        <source>every layer is costed as a mixture-of-experts layer</source>
        <translation>每层都按混合专家层估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="580"/>
        <source>shared experts narrower than the dense FFN: left out of the estimate</source>
        <translation>比稠密 FFN 窄的共享专家：未计入估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="582"/>
        <source>costed as attention over the whole sequence</source>
        <translation>按覆盖整个序列的注意力估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="583"/>
        <source>the model&apos;s learned positions end at %1 (n_positions): it cannot take the plan&apos;s sequence of %2, so the plan trains at %1</source>
        <translation>该模型的可学习位置编码只到 %1（n_positions）：它不能处理计划的序列长度 %2，因此计划按 %1 训练</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="586"/>
        <source>the file leaves out what %1&apos;s config class gives by default, read as transformers does: %2</source>
        <translation>文件省略了 %1 配置类的默认字段，已按 transformers 的默认值读取：%2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="588"/>
        <source>max_position_embeddings %1 is the model&apos;s position limit, not the sequence it trains at: the plan&apos;s %2 is kept</source>
        <translation>max_position_embeddings %1 是模型的位置上限，不是训练时的序列长度：保留方案的 %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="591"/>
        <source>%1 is read, not written: a plan goes out as megatron, deepspeed or torchtitan</source>
        <translation>%1 只能读入、不能写出：方案可导出为 megatron、deepspeed 或 torchtitan</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="593"/>
        <source>HSDP: states are sharded over %1 ranks, estimated as sharded over all %2</source>
        <translation>HSDP：状态在 %1 个 rank 上分片，按在全部 %2 个上分片估算</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="596"/>
        <source>GPUs %1 and %2 on %3 are joined by %4 NVLinks where other pairs have %5: every group across them runs at the slower rate</source>
        <translation>%3 上的 GPU %1 与 %2 之间只有 %4 条 NVLink，其他 GPU 对有 %5 条：跨这对 GPU 的每个组都以较慢的速率运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="599"/>
        <source>%1 joins only some GPU pairs by NVLink (up to NV%2): groups are costed over PCIe, the path the other pairs take</source>
        <translation>%1 只有部分 GPU 对之间有 NVLink（最多 NV%2）：各组按 PCIe 估算，即其余 GPU 对所走的路径</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="602"/>
        <source>GPU %1 on %2 reaches its nearest NIC (%3) only over %4: its traffic to other nodes crosses the CPU</source>
        <translation>%2 上的 GPU %1 到最近的网卡（%3）要经过 %4：它发往其他节点的流量要穿过 CPU</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="604"/>
        <source>%1 has %2 where the other nodes have %3</source>
        <translation>%1 为 %2，而其他节点为 %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="605"/>
        <source>the source gives no NIC speed: the inter-node link is the base plan&apos;s, %1</source>
        <translation>数据源未给出网卡速率：节点间链路沿用基础方案的 %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="607"/>
        <source>%1 joins its GPUs over PCIe only, while the plan&apos;s GPU (%2) is an %3 part: every group is costed over PCIe; if the node&apos;s GPUs are another model (a PCIe card), choose it in the plan</source>
        <translation>%1 的 GPU 之间只有 PCIe，而计划的 GPU（%2）支持 %3：所有通信组都按 PCIe 计算；若该节点的 GPU 是其他型号（PCIe 卡），请在计划中选择它</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="610"/>
        <source>%1 is a static topology file (NCCL_TOPO_FILE): it lists the GPUs as PCI devices and leaves NVLink, the GPU model and NIC speeds to what NCCL reads from the driver, so the plan&apos;s GPU-to-GPU link (%2) is kept</source>
        <translation>%1 是静态拓扑文件（NCCL_TOPO_FILE）：它只把 GPU 列为 PCI 设备，NVLink、GPU 型号和网卡速率留给 NCCL 从驱动读取，因此保留计划的 GPU 间链路（%2）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="613"/>
        <source>the nodes differ: %1 node(s) unlike the others keep their own links, and a group across them runs at the slowest it spans</source>
        <translation>各节点不同：%1 个与其他节点不同的节点保留各自的链路，跨越它们的组以所经过的最慢链路运行</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="616"/>
        <source>the dumps&apos; GPUs are of compute capability %1 and the plan&apos;s %2 is of NVLink generation %3: choose the plan&apos;s GPU, which the dumps do not name</source>
        <translation>转储中的 GPU 计算能力为 %1，而方案的 %2 属于第 %3 代 NVLink：请选择方案的 GPU（转储中没有型号）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="619"/>
        <source>%1 NVLinks per GPU pair make %2 GB/s where the plan&apos;s %3 has %4 GB/s: another GPU model, or links down</source>
        <translation>每对 GPU %1 条 NVLink，合 %2 GB/s，而方案的 %3 为 %4 GB/s：可能是另一种 GPU，或有链路断开</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="621"/>
        <source>%1 has %2 GPUs and %3 has %4: Plait&apos;s cluster has one GPU count per node</source>
        <translation>%1 有 %2 个 GPU，%3 有 %4 个：Plait 的集群每个节点的 GPU 数相同</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="623"/>
        <source>the plan&apos;s sizes need %1 GPUs and the imported cluster has %2: change TP, PP, DP or CP, or import over a plan that fits</source>
        <translation>方案的并行规模需要 %1 个 GPU，而导入的集群只有 %2 个：请修改 TP、PP、DP 或 CP，或在规模合适的方案上导入</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="626"/>
        <source>%1&apos;s configuration has no %2 setting</source>
        <translation>%1 的配置没有 %2 设置</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="629"/>
        <source>1. Memory: shard the optimizer state</source>
        <translation>1. 显存：切分优化器状态</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="630"/>
        <source>Stage %1 needs %2 per GPU of %3; optimizer state and gradients take %4.</source>
        <translation>阶段 %1 每 GPU 需要 %2，容量为 %3；优化器状态和梯度占 %4。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="632"/>
        <source>This plan&apos;s optimizer keeps %1 bytes per parameter and its gradients %2, on every data-parallel rank unless ZeRO shards them across the ranks (Rajbhandari et al. 2020).</source>
        <translation>本方案的优化器每个参数保存 %1 字节，梯度保存 %2 字节；除非 ZeRO 把它们切分到各个 rank，每个数据并行 rank 上都要保存一份（Rajbhandari 等，2020）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="635"/>
        <source>This plan&apos;s optimizer keeps %1 bytes per parameter and its gradients %2; with one data-parallel rank there is nothing for ZeRO to shard them over: this needs more GPUs, or host memory for the optimizer state.</source>
        <translation>本方案的优化器每个参数保存 %1 字节，梯度保存 %2 字节；只有一个数据并行 rank 时，ZeRO 无处可切分：这需要更多 GPU，或用主机内存存放优化器状态。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="638"/>
        <source>1. Memory: recompute or split the activations</source>
        <translation>1. 显存：重计算或切分激活</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="639"/>
        <source>Stage %1 needs %2 per GPU of %3; the activations in flight (micro-batches: %4) take %5.</source>
        <translation>阶段 %1 每 GPU 需要 %2，容量为 %3；在途激活（微批次数：%4）占 %5。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="641"/>
        <source>Activations stay until their backward pass; recomputing them costs part of a forward pass but frees most of that memory (Korthikanti et al. 2022); splitting the sequence (CP) or the layers (TP, PP) over more GPUs divides them too. The fix is whichever fits at the least step time.</source>
        <translation>激活会一直保留到其反向传播；重计算要付出部分前向传播的代价，但能释放其中大部分显存（Korthikanti 等，2022）；把序列（CP）或层（TP、PP）切分到更多 GPU 上也能把它们分摊开。修复方案取能放下且步长最短的那一个。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="645"/>
        <source>1. Memory: split the model with TP or PP</source>
        <translation>1. 显存：用 TP 或 PP 切分模型</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="646"/>
        <source>Stage %1 needs %2 per GPU of %3; the largest term is %4 (%5) with ZeRO and recomputation already doing what they can.</source>
        <translation>阶段 %1 每 GPU 需要 %2，容量为 %3；最大的一项是 %4（%5），ZeRO 和重计算已经尽力。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="649"/>
        <source>What is left is divided only by tensor or pipeline parallelism: they split the weights and each layer&apos;s activations (ZeRO-3 gathers each layer&apos;s weights back for its compute).</source>
        <translation>剩下的只能靠张量或流水线并行切分：它们切分权重和每层的激活（ZeRO-3 在计算每层时要把该层的权重重新聚合回来）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="652"/>
        <source>2. Interconnect: TP wider than a node</source>
        <translation>2. 互连：TP 宽于一个节点</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="653"/>
        <source>TP = %1 is wider than the %2 GPUs of a node.</source>
        <translation>TP = %1 宽于一个节点的 %2 块 GPU。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="654"/>
        <source>Every layer runs TP collectives in its forward and backward passes; across nodes they cross the NICs at %1 GB/s per GPU instead of %2 GB/s over %3, while PP and DP send fewer, larger messages.</source>
        <translation>每一层的前向和反向都要做张量并行集合通信；跨节点时它们经过网卡，每 GPU 只有 %1 GB/s，而经 %3 有 %2 GB/s；流水线和数据并行发送的消息更少、更大。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="657"/>
        <source>2. Interconnect: TP groups cross nodes</source>
        <translation>2. 互连：TP 组跨越节点</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="658"/>
        <source>TP traffic is on the critical path of every layer; it should stay on NVLink inside a node.</source>
        <translation>TP 通信位于每一层的关键路径上；它应当留在节点内的 NVLink 上。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="660"/>
        <source>Pitfall: too few micro-batches for the pipeline</source>
        <translation>陷阱：流水线的微批次太少</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="661"/>
        <source>m = %1 micro-batches for p = %2 stages: the bubble is %3% of the step.</source>
        <translation>p = %2 个阶段只有 m = %1 个微批次：气泡占单步的 %3%。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="663"/>
        <source>A pipeline idles (p−1)/(m+p−1) of the time while it fills and drains (Narayanan et al. 2021); with p = %1 that falls to 10% at m = %2; interleaving or ZB-H1 shrink it further.</source>
        <translation>流水线在填充和排空时空闲 (p−1)/(m+p−1) 的时间（Narayanan 等，2021）；p = %1 时要到 m = %2 才降到 10%；交错调度或 ZB-H1 可以进一步缩小它。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="666"/>
        <source>Pitfall: exposed tensor-parallel communication</source>
        <translation>陷阱：暴露的张量并行通信</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="667"/>
        <source>Exposed tensor-parallel communication takes %1 ms of the %2 ms step (%3%).</source>
        <translation>暴露的张量并行通信占用 %2 ms 步长中的 %1 ms（%3%）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="669"/>
        <source>Each layer&apos;s TP collectives wait in the forward pass and, unless overlapped, in the backward; Transformer Engine&apos;s userbuffers overlap (training.tp_overlap all, with sequence parallelism) runs them beside the GEMMs, and a smaller TP sends less per layer over fewer ranks.</source>
        <translation>每层的 TP 集合通信在前向传播中需要等待，若不重叠，反向传播中也要等待；Transformer Engine 的 userbuffers 重叠（training.tp_overlap all，配合序列并行）让它们与 GEMM 并行执行，而更小的 TP 每层发送的数据更少、参与的 rank 更少。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="673"/>
        <source>Pitfall: data-parallel communication dominates</source>
        <translation>陷阱：数据并行通信占主导</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="674"/>
        <source>Each step reduces every gradient across the DP ranks, whatever the batch; with little work per rank the reduction cannot hide under the backward pass.</source>
        <translation>无论批次多大，每步都要在数据并行 rank 间归约全部梯度；每个 rank 的计算太少时，归约无法被反向计算掩盖。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="677"/>
        <source>3. DP first: TP and PP are not needed here</source>
        <translation>3. 数据并行优先：这里不需要 TP 和 PP</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="678"/>
        <source>TP %1 × PP %2, while the model fits with data parallelism alone (ZeRO %3) and runs a step in %4 instead of %5.</source>
        <translation>使用了 TP %1 × PP %2，而只用数据并行（ZeRO %3）模型就能放下，且单步只需 %4，而不是 %5。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="681"/>
        <source>DP adds one gradient reduction per step, overlapped with the backward pass; TP adds collectives to every layer and PP a bubble.</source>
        <translation>数据并行每步只增加一次与反向重叠的梯度归约；张量并行给每一层增加集合通信，流水线并行增加气泡。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="684"/>
        <source>3. DP first: idle GPUs</source>
        <translation>3. 优先 DP：空闲的 GPU</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="685"/>
        <source>An idle GPU is paid for like a busy one; more data-parallel replicas put it to work, each taking a share of the global batch.</source>
        <translation>空闲的 GPU 与忙碌的 GPU 花费相同；增加数据并行副本就能让它们工作，每个副本分担全局批次的一部分。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="688"/>
        <source>An idle GPU is paid for like a busy one, but no larger DP divides the global batch of %1 sequences in micro-batches of %2: change the batch, or the cluster.</source>
        <translation>空闲的 GPU 与忙碌的 GPU 花费相同，但没有更大的 DP 能以每个微批次 %2 条序列整除 %1 条序列的全局批次：请调整批次大小或集群。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="691"/>
        <source>Pitfall: one stage sets the pace</source>
        <translation>陷阱：一个阶段决定了整体节奏</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="692"/>
        <source>Every micro-batch passes every stage, so the pipeline runs at its busiest stage&apos;s pace and the others idle for the difference, each micro-batch.</source>
        <translation>每个微批次都要经过每个阶段，因此流水线按最忙阶段的节奏运行，其余阶段在每个微批次上都空闲等待其差值。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="695"/>
        <source>the trace has %1 pipeline stages and the plan %2</source>
        <translation>该 trace 有 %1 个流水线阶段，而规划有 %2 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="696"/>
        <source>the trace runs %1 micro-batches per step and the plan %2</source>
        <translation>该 trace 每步运行 %1 个微批次，而规划为 %2 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="698"/>
        <source>the trace has %1 model chunks per stage and the plan %2</source>
        <translation>该 trace 每个阶段有 %1 个模型块，而规划为 %2 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="700"/>
        <source>Precision at this TP</source>
        <translation>此 TP 下的精度</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="701"/>
        <source>At TP %1 a layer&apos;s linears take %3 ms per micro-batch in %2 (%4 ms of it quantization) and %6 ms in %5 (%7 ms); a step takes %8 s in %5 against %9 s.</source>
        <translation>在 TP %1 下，一层的线性层每个微批次在 %2 下耗时 %3 ms（其中量化 %4 ms），在 %5 下耗时 %6 ms（量化 %7 ms）；一步在 %5 下耗时 %8 s，而当前为 %9 s。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="704"/>
        <source>A low-precision GEMM runs faster than a 16-bit one, but each linear&apos;s input, output gradient and weight is quantized first, and that traffic stays whole on every TP rank while the GEMMs shrink with TP: the smaller the shards, the less is left of the gain. Fine-grained scaling (blockwise, MXFP8, NVFP4) costs more per element than a per-tensor scale.</source>
        <translation>低精度 GEMM 比 16 位 GEMM 更快，但每个线性层的输入、输出梯度和权重都要先量化，这部分访存在每个 TP rank 上并不随 TP 缩小，而 GEMM 会随 TP 变小：分片越小，剩下的收益越少。细粒度缩放（blockwise、MXFP8、NVFP4）每个元素的代价高于按张量缩放。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="709"/>
        <source>Train the linears in %1.</source>
        <translation>以 %1 训练线性层。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="710"/>
        <source>Shard them with ZeRO stage %1 over %2 ranks.</source>
        <translation>用 ZeRO 阶段 %1 把它们切分到 %2 个 rank 上。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="711"/>
        <source>Keep the optimizer state in host memory and step it on the CPU (ZeRO-Offload, ZeRO stage %3): %1 of host memory per node (%2).</source>
        <translation>将优化器状态放在主机内存并在 CPU 上更新（ZeRO-Offload，ZeRO 阶段 %3）：每个节点需要 %1 主机内存（%2）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="714"/>
        <source>Keep the optimizer state in host memory and step it on the CPU (ZeRO-Offload, ZeRO stage %3, training.framework %2): %1 of host memory per node.</source>
        <translation>将优化器状态放在主机内存并在 CPU 上更新（ZeRO-Offload，ZeRO 阶段 %3，training.framework %2）：每个节点需要 %1 主机内存。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="717"/>
        <source>Shard them with ZeRO stage %1 over %2 ranks (training.framework %3).</source>
        <translation>用 ZeRO 阶段 %1 把它们切分到 %2 个 rank 上（training.framework %3）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="719"/>
        <source>Split them: TP %1, PP %2, DP %3, CP %4.</source>
        <translation>切分它们：TP %1，PP %2，DP %3，CP %4。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="720"/>
        <source>Recompute every layer (full).</source>
        <translation>重计算每一层（full）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="722"/>
        <source>Recompute %1 (selective): their outputs are dropped and computed again in the backward pass.</source>
        <translation>选择性重计算 %1：丢弃它们的输出，在反向传播中重新计算。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="724"/>
        <source>Recompute attention only (selective).</source>
        <translation>只重计算注意力（selective）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="726"/>
        <source>Recompute every other matmul and the element-wise ops (torchtitan&apos;s op-level selective, selective_op).</source>
        <translation>每隔一个矩阵乘法及逐元素算子重算（torchtitan 的算子级选择性重算，selective_op）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="728"/>
        <source>Keep TP inside the node and move the rest to PP or DP: TP %1, PP %2, DP %3.</source>
        <translation>让 TP 留在节点内，其余改用 PP 或 DP：TP %1，PP %2，DP %3。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="730"/>
        <source>Place each TP group inside one node.</source>
        <translation>把每个 TP 组放在同一个节点内。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="731"/>
        <source>Raise micro-batches to %1 with %2 (micro-batch size %3).</source>
        <translation>用 %2 调度把微批次数提高到 %1（微批次大小 %3）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="733"/>
        <source>Halve TP: TP %1, DP %2.</source>
        <translation>TP 减半：TP %1，DP %2。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="734"/>
        <source>Overlap every TP collective (training.tp_overlap all, sequence parallel).</source>
        <translation>重叠所有 TP 集合通信（training.tp_overlap all，序列并行）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="736"/>
        <source>Overlap the gradient reduction with the backward pass (training.overlap_grad_reduce).</source>
        <translation>让梯度归约与反向传播重叠（training.overlap_grad_reduce）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="738"/>
        <source>Use fewer DP ranks: TP %1, PP %2, DP %3.</source>
        <translation>减少 DP rank：TP %1，PP %2，DP %3。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="739"/>
        <source>Use DP %1: TP %2 × PP %3 × CP %4 × DP %1 = %5 of the %6 GPUs.</source>
        <translation>使用 DP %1：TP %2 × PP %3 × CP %4 × DP %1 = %6 个 GPU 中的 %5 个。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="741"/>
        <source>Count the loss as a layer in the pipeline split (parallel.loss_in_split, Megatron-LM --account-for-loss-in-pipeline-split).</source>
        <translation>在流水线切分中把损失计为一层（parallel.loss_in_split，Megatron-LM --account-for-loss-in-pipeline-split）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="744"/>
        <source>Count the embedding and the loss as layers in the pipeline split (parallel.embedding_in_split and loss_in_split, Megatron-LM --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split).</source>
        <translation>在流水线切分中把嵌入层和损失各计为一层（parallel.embedding_in_split 与 loss_in_split，Megatron-LM --account-for-embedding-in-pipeline-split 与 --account-for-loss-in-pipeline-split）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="748"/>
        <source>Split the layers over the stages by their time: parallel.layers_per_stage %1.</source>
        <translation>按各阶段的耗时重新分配层数：parallel.layers_per_stage %1。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="750"/>
        <source>Run data parallel over all %1 GPUs (ZeRO %2).</source>
        <translation>在全部 %1 块 GPU 上做数据并行（ZeRO %2）。</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="752"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="753"/>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="754"/>
        <source>ranks %1 and an unnamed one</source>
        <translation>rank %1 及一个未编号的 rank</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="755"/>
        <source>ranks %1 and %2 unnamed</source>
        <translation>rank %1 及 %2 个未编号的 rank</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="756"/>
        <source>an unnamed rank</source>
        <translation>一个未编号的 rank</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="757"/>
        <source>%1 unnamed ranks</source>
        <translation>%1 个未编号的 rank</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="758"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="759"/>
        <source>%1 (first: event %2%3)</source>
        <translation>%1（首个：第 %2 个事件%3）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="760"/>
        <source>%1 events without a time stamp (ts)</source>
        <translation>%1 个事件没有时间戳（ts）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="761"/>
        <source>%1 complete events (ph X) without a duration (dur)</source>
        <translation>%1 个完整事件（ph X）没有时长（dur）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="762"/>
        <source>%1 events with a negative duration</source>
        <translation>%1 个事件的时长为负</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="763"/>
        <source>%1 end events (ph E) without a begin</source>
        <translation>%1 个结束事件（ph E）没有对应的开始</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="764"/>
        <source>%1 begin events (ph B) that never end</source>
        <translation>%1 个开始事件（ph B）始终没有结束</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="765"/>
        <source>%1 flow ends (ph f) without a start</source>
        <translation>%1 个流终点（ph f）没有起点</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="766"/>
        <source>%1 flow starts (ph s) without an end</source>
        <translation>%1 个流起点（ph s）没有终点</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="767"/>
        <source>%1 flows between threads that have no events</source>
        <translation>%1 条流连接的线程没有任何事件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="768"/>
        <source>%1 events of phase %2 (not drawn)</source>
        <translation>%1 个阶段类型为 %2 的事件（未绘制）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="769"/>
        <source>rank %1 is given twice</source>
        <translation>rank %1 出现了两次</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="770"/>
        <source>%1 of the job&apos;s %2 ranks has no profile here</source>
        <translation>作业的 %2 个 rank 中有 %1 个在此没有剖析文件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="771"/>
        <source>%1 of the job&apos;s %2 ranks have no profile here</source>
        <translation>作业的 %2 个 rank 中有 %1 个在此没有剖析文件</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="772"/>
        <source>collective %1 of group %2 is %3 on rank %4 but %5 on rank %6: the profiles do not cover the same steps</source>
        <translation>组 %2 的第 %1 个集合通信在 rank %4 上是 %3，在 rank %6 上却是 %5：这些剖析文件覆盖的不是同样的步</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="774"/>
        <source>%1 more collectives do not match</source>
        <translation>另有 %1 个集合通信不匹配</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="775"/>
        <source>rank %1 shares no collective with rank %2&apos;s ranks: its clock is left as recorded</source>
        <translation>rank %1 与 rank %2 所连通的 rank 没有共同的集合通信：其时钟保持记录时的原样</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="777"/>
        <source>rank %1&apos;s last step is %2, not %3: its lane shows that step</source>
        <translation>rank %1 的最后一步是 %2 而不是 %3：其泳道显示的是那一步</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="779"/>
        <source>no distributedInfo.rank: the profile does not say which rank it is</source>
        <translation>没有 distributedInfo.rank：剖析文件没有说明它是哪个 rank</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="781"/>
        <source>no ProfilerStep#N marks: each step is taken from one Optimizer.step&apos;s end to the next&apos;s</source>
        <translation>没有 ProfilerStep#N 标记：每一步取为从一次 Optimizer.step 结束到下一次结束</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="783"/>
        <source>%1 collective kernels name no process group (an older profiler): taken as the whole job&apos;s</source>
        <translation>%1 个集合通信内核未注明进程组（较旧的剖析器）：视为整个作业的进程组</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="785"/>
        <source>no ProfilerStep#N spans nor two Optimizer.step spans: the profile does not mark its training steps</source>
        <translation>既没有 ProfilerStep#N 区间，也没有两个 Optimizer.step 区间：剖析文件没有标出训练步</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="787"/>
        <source>the rank is read from the file name (Nsight Systems does not record ranks)</source>
        <translation>rank 取自文件名（Nsight Systems 不记录 rank）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="789"/>
        <source>numbered as torchrun numbers ranks (Nsight Systems does not record them): node %1 (from %2) × %3 processes + the process&apos;s CUDA device</source>
        <translation>按 torchrun 的方式为 rank 编号（Nsight Systems 不记录 rank）：节点 %1（取自 %2）× %3 个进程 + 该进程的 CUDA 设备号</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="792"/>
        <source>numbered as torchrun numbers ranks (Nsight Systems does not record them): node %1 (the file name %2 names no node) × %3 processes + the process&apos;s CUDA device</source>
        <translation>按 torchrun 的方式为 rank 编号（Nsight Systems 不记录 rank）：节点 %1（文件名 %2 未注明节点）× %3 个进程 + 该进程的 CUDA 设备号</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="795"/>
        <source>which rank process %1 is, is not recorded: name the report after its rank (nsys profile -o report_rank%q{RANK})</source>
        <translation>未记录进程 %1 是哪个 rank：请按 rank 为报告命名（nsys profile -o report_rank%q{RANK}）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="798"/>
        <source>Nsight Systems records no process groups: NCCL kernels are matched across ranks by the CUDA stream they ran on, so ranks of different groups on the same stream number are taken as one group</source>
        <translation>Nsight Systems 不记录进程组：各 rank 的 NCCL 内核按其所在的 CUDA 流配对，因此流编号相同的不同组的 rank 会被视为同一组</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="801"/>
        <source>the profile&apos;s job has %1 ranks, the plan %2 GPUs: the lanes are not placed by the plan&apos;s stages</source>
        <translation>剖析的作业有 %1 个 rank，而规划有 %2 个 GPU：泳道不按规划的阶段排列</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="803"/>
        <source>%1 (ranks %2)</source>
        <translation>%1（rank %2）</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="804"/>
        <source>%1 and %2</source>
        <translation>%1和 %2</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="805"/>
        <source>%1, %2 and %3</source>
        <translation>%1、%2和 %3</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="806"/>
        <source>%1, %2, %3 and %4 more</source>
        <translation>%1、%2、%3及另外 %4 个</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="807"/>
        <source>the profile&apos;s process group %1 is no group of the plan&apos;s (TP %2, CP %3, DP %4, PP %5, ranks in order %6): the job ran another layout or rank order, so its ranks&apos; stages may not be the plan&apos;s</source>
        <translation>剖析中的进程组 %1不是规划中的组（TP %2，CP %3，DP %4，PP %5，rank 顺序 %6）：该作业使用了另一种布局或 rank 顺序，其 rank 所在的阶段可能与规划不同</translation>
    </message>
    <message>
        <location filename="../core/base/messagetext.cpp" line="810"/>
        <source>the profile&apos;s process groups %1 are no groups of the plan&apos;s (TP %2, CP %3, DP %4, PP %5, ranks in order %6): the job ran another layout or rank order, so its ranks&apos; stages may not be the plan&apos;s</source>
        <translation>剖析中的进程组 %1都不是规划中的组（TP %2，CP %3，DP %4，PP %5，rank 顺序 %6）：该作业使用了另一种布局或 rank 顺序，其 rank 所在的阶段可能与规划不同</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="159"/>
        <source>Node %1
Inside: %2, %3 GB/s per GPU per direction (%4% achievable), latency %5 µs
To other nodes: %6 NICs of %7, %8 GB/s each per direction</source>
        <translation>节点 %1
节点内：%2，每 GPU 每方向 %3 GB/s（可达 %4%），延迟 %5 µs
节点间：%6 块 %7 网卡，每块每方向 %8 GB/s</translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="234"/>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="266"/>
        <source>Rack %1: %2, %3 GPUs in one NVLink domain: traffic among them takes NVLink, traffic to other racks the nodes&apos; NICs</source>
        <translation>机柜 %1：%2，%3 个 GPU 在同一 NVLink 域中：它们之间的流量走 NVLink，到其他机柜的流量走各节点的网卡</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/topologyitems.cpp" line="272"/>
        <source>Pod %1: %2, %n GPU(s) under one leaf group: traffic among them runs at the NICs&apos; rate, traffic to other pods shares uplinks of 1/%3 of it</source>
        <translation>
            <numerusform>Pod %1：%2，%n 个 GPU 位于同一叶交换机组下：它们之间的流量以网卡速率运行，去往其他 pod 的流量共享仅为其 1/%3 的上行链路</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/topologyitems.cpp" line="279"/>
        <source>Pod %1: %2, %n GPU(s), drawn together as a scalable unit of DGX SuperPOD&apos;s reference architecture (the cost model does not price pods)</source>
        <translation>
            <numerusform>机群单元 %1：%2，%n 个 GPU，按 DGX SuperPOD 参考架构的可扩展单元（SU）画在一起（成本模型不对其单独计价）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="289"/>
        <source>rack %1 · NVLink domain of %2 GPUs · %3</source>
        <translation>机柜 %1 · %2 GPU 的 NVLink 域 · %3</translation>
    </message>
    <message>
        <location filename="../widgets/topologyitems.cpp" line="264"/>
        <location filename="../widgets/topologyitems.cpp" line="288"/>
        <source>nodes %1–%2</source>
        <translation>节点 %1–%2</translation>
    </message>
</context>
<context>
    <name>RateStandings</name>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="40"/>
        <source>share of the sustained GEMM rate a layer&apos;s GEMMs reach</source>
        <translation>各层 GEMM 达到的持续 GEMM 速率占比</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="44"/>
        <source>share of the best known GEMM rate sustained, where no sustained figure is known</source>
        <translation>无持续速率数据时，可持续的最佳已知 GEMM 速率占比</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="47"/>
        <source>share of a dense GEMM&apos;s rate the expert GEMMs reach</source>
        <translation>专家 GEMM 达到的稠密 GEMM 速率占比</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="49"/>
        <source>share of the streaming HBM rate element-wise kernels reach</source>
        <translation>逐元素内核达到的流式 HBM 速率占比</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="51"/>
        <source>fixed cost per kernel</source>
        <translation>每个内核的固定开销</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="54"/>
        <source>collective rate lost per doubling of ranks past 8</source>
        <translation>超过 8 个 rank 后每翻倍一次损失的集合通信速率</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="56"/>
        <source>step added per doubling of GPUs past 8 (stragglers, jitter)</source>
        <translation>超过 8 块 GPU 后每翻倍一次增加的步时（掉队者、抖动）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="57"/>
        <source>GEMM rate (share of the dense peak)</source>
        <translation>GEMM 速率（占稠密峰值的比例）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="58"/>
        <source>streaming HBM rate</source>
        <translation>流式 HBM 速率</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="59"/>
        <source>compute slowdown beside a collective</source>
        <translation>与集合通信并行时的计算减速</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="72"/>
        <source>link inside a node (bus bandwidth)</source>
        <translation>节点内链路（总线带宽）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="73"/>
        <source>link between nodes (bus bandwidth)</source>
        <translation>节点间链路（总线带宽）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="52"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="22"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="26"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="61"/>
        <source>+%1%</source>
        <translation>+%1%</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="62"/>
        <source>published mean</source>
        <translation>已发表的平均值</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="64"/>
        <source>fused attention rate (forward and backward)</source>
        <translation>融合注意力速率（前向与反向）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="67"/>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="69"/>
        <source>%1&apos;s curves</source>
        <translation>%1 的曲线</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="70"/>
        <source>GEMM model</source>
        <translation>GEMM 模型</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="70"/>
        <source>published curves</source>
        <translation>已发表曲线</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="91"/>
        <source>the plan&apos;s own calibration</source>
        <translation>计划自带的校准</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="93"/>
        <source>not calibrated (the unfitted model)</source>
        <translation>未校准（未拟合的模型）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="94"/>
        <source>calibrated on %1 published runs (cross-validated error %2%)</source>
        <translation>基于 %1 次已发表运行校准（交叉验证误差 %2%）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="101"/>
        <source>not used: the catalog&apos;s sustained figure replaces it (%1)</source>
        <translation>未使用：由目录中的持续速率数据代替（%1）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="103"/>
        <source>published timings of %1 disagree: the published curves of %2 stand in, its own curve bounds the slow end of the range and %3&apos;s the fast end</source>
        <translation>%1 已发表的计时互不一致：以 %2 的已发表曲线代替，其自身曲线限定范围的慢端，%3 的曲线限定快端</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="108"/>
        <source>no published speed of %1: the published curves of %2 stand in, and the fast end of the range takes %3&apos;s</source>
        <translation>%1 没有已发表的速度：以 %2 的已发表曲线代替，范围的快端取 %3 的曲线</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="114"/>
        <source>no published curve for this GPU: the GEMM model&apos;s rate, a lower bound on the time</source>
        <translation>此 GPU 无已发表曲线：采用 GEMM 模型的速率，为时间的下限</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="115"/>
        <source>published curves of %1 by head size and length</source>
        <translation>%1 的已发表曲线，按头维度与长度</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="116"/>
        <source>published figure</source>
        <translation>已发表的数据</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="117"/>
        <source>published figure: %1</source>
        <translation>已发表的数据：%1</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="120"/>
        <source>&lt;b&gt;measured on this cluster&lt;/b&gt; for %1 at head size %2, %3 tokens per call: %4</source>
        <translation>&lt;b&gt;在本集群上实测&lt;/b&gt;：%1，头维度 %2，每次调用 %3 个 token：%4</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="126"/>
        <source>not used: the sustained rate &lt;b&gt;measured on this cluster&lt;/b&gt; replaces it (%1)</source>
        <translation>未使用：由&lt;b&gt;在本集群上实测&lt;/b&gt;的持续速率代替（%1）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="128"/>
        <source>&lt;b&gt;measured on this cluster&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;在本集群上实测&lt;/b&gt;：%1</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="130"/>
        <source>&lt;b&gt;measured&lt;/b&gt; for the %1 GEMM shapes timed (%2); other shapes use the calibrated value</source>
        <translation>已计时的 %1 个 GEMM 形状为&lt;b&gt;实测&lt;/b&gt;（%2）；其他形状使用校准值</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="142"/>
        <source>What the cost model rests on</source>
        <translation>成本模型的依据</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="149"/>
        <source>; attention dropout adds %1% forward and %2% backward to its time (FlashAttention, arXiv 2205.14135, Tables 15–20, at head size 64; scaled by 64 / head size)</source>
        <translation>；注意力 dropout 使其前向时间增加 %1%，反向增加 %2%（FlashAttention，arXiv 2205.14135，表 15–20，头维度 64；按 64 / 头维度缩放）</translation>
    </message>
    <message>
        <location filename="../app/ratestandingstext.cpp" line="155"/>
        <source>; removing padding around it (training.attention_unpad) adds %1 ms forward and %2 ms backward per layer and micro-batch: the copies at the streaming rate, and the fixed costs of %3 and %4 kernels and of %5 host waits (flash_attn/bert_padding.py)</source>
        <translation>；在其前后去除填充（training.attention_unpad）使每层每个微批次的前向增加 %1 ms，反向增加 %2 ms：按流式带宽计的拷贝，以及前向 %3 个、反向 %4 个内核和 %5 次主机等待的固定开销（flash_attn/bert_padding.py）</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../app/render.cpp" line="247"/>
        <source>%1%2 · micro-batch %3 · global batch %4 · ZeRO %5 · recompute %6 · %7</source>
        <translation>%1%2 · 微批次 %3 · 全局批次 %4 · ZeRO %5 · 重计算 %6 · %7</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <location filename="../app/timelinesections.cpp" line="36"/>
        <source>Predicted: %1, step %2, bubble %3</source>
        <translation>预测：%1，单步 %2，气泡 %3</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="48"/>
        <source>schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="48"/>
        <source>step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="48"/>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="49"/>
        <source>peak activations / GPU</source>
        <translation>每 GPU 激活峰值</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="49"/>
        <source>chunks held</source>
        <translation>同时持有的模型块</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="50"/>
        <source>peak memory / GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="58"/>
        <source>cannot run this plan: %1</source>
        <translation>无法运行此规划：%1</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="68"/>
        <source>%1: step %2, bubble %3, peak activations %4 per GPU</source>
        <translation>%1：单步 %2，气泡 %3，每 GPU 激活峰值 %4</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="83"/>
        <source>%1 vs %2</source>
        <translation>%1 对 %2</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="86"/>
        <source>%1 vs —</source>
        <translation>%1 对 —</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="87"/>
        <source>— vs %1</source>
        <translation>— 对 %1</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="96"/>
        <source>Where the step went, measured vs predicted (the median rank of each stage; the prediction counts collectives and idle time on its busiest stage)</source>
        <translation>单步时间的去向，实测对预测（每个阶段取中位 rank；预测只在最忙的阶段上统计集合通信和空闲时间）</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="101"/>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="101"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="102"/>
        <source>other kernels</source>
        <translation>其他内核</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="102"/>
        <source>collectives exposed</source>
        <translation>暴露的集合通信</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="103"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="103"/>
        <source>waiting for the last rank</source>
        <translation>等待最后到达的 rank</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="151"/>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="152"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="153"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="156"/>
        <source>%1 (%2): step %3, bubble %4%5</source>
        <translation>%1（%2）：单步 %3，气泡 %4%5</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="159"/>
        <source>, stages shared one GPU</source>
        <translation>，各阶段共用一块 GPU</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="168"/>
        <source>&lt;b&gt;%1 not compared with the prediction&lt;/b&gt;: %2. Open a trace of this plan, or change the plan to the one that ran.</source>
        <translation>&lt;b&gt;%1 未与预测对比&lt;/b&gt;：%2。请打开此规划的 trace，或把规划改成实际运行的那个。</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="176"/>
        <source>&lt;b&gt;%1 against predicted&lt;/b&gt;: step %2 vs %3 (%4), bubble %5 vs %6</source>
        <translation>&lt;b&gt;%1 与预测对比&lt;/b&gt;：单步 %2 对 %3（%4），气泡 %5 对 %6</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="183"/>
        <source>; %1 ops aligned, mean |difference| %2</source>
        <translation>；已对齐 %1 个操作，平均 |差异| %2</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="101"/>
        <location filename="../app/timelinesections.cpp" line="187"/>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="187"/>
        <source>busy predicted</source>
        <translation>预测忙碌</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="187"/>
        <source>busy measured</source>
        <translation>实测忙碌</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="188"/>
        <source>bubble predicted</source>
        <translation>预测气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="188"/>
        <source>bubble measured</source>
        <translation>实测气泡</translation>
    </message>
    <message>
        <location filename="../app/timelinesections.cpp" line="195"/>
        <source>not in trace</source>
        <translation>追踪中没有</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="39"/>
        <source>Planner for distributed training of large transformer models.</source>
        <translation>大型 Transformer 模型分布式训练规划工具。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="44"/>
        <source>Plan file to open (*.plait.json); without one, the last plan opens.</source>
        <translation>要打开的规划文件（*.plait.json）；不给出时打开上次的规划。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="45"/>
        <source>Open a built-in example plan.</source>
        <translation>打开内置示例规划。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="48"/>
        <source>User interface language, e.g. zh_CN.</source>
        <translation>界面语言，例如 zh_CN。</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="50"/>
        <source>Quit after this many milliseconds (for screenshots).</source>
        <translation>运行指定毫秒数后退出（用于截图）。</translation>
    </message>
</context>
<context>
    <name>plait::app</name>
    <message>
        <location filename="../app/designreport.cpp" line="73"/>
        <source>micro-batch %1 · global batch %2 · ZeRO %3 · recompute %4 · %5</source>
        <translation>微批次 %1 · 全局批大小 %2 · ZeRO %3 · 重计算 %4 · %5</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="98"/>
        <source>%1: %2B parameters, %3 layers, hidden %4, sequence %5</source>
        <translation>%1：%2B 参数，%3 层，隐藏维度 %4，序列长度 %5</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="99"/>
        <source>custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="105"/>
        <source>, %1 experts, top-%2</source>
        <translation>，%1 个专家，top-%2</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="111"/>
        <source>%1 nodes × %2 %3; %4 inside a node, %5 between nodes</source>
        <translation>%1 个节点 × %2 块 %3；节点内 %4，节点间 %5</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="132"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="133"/>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="138"/>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="139"/>
        <source>MFU (causal)</source>
        <translation>MFU（因果计数）</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="140"/>
        <source>MFU (Megatron count)</source>
        <translation>MFU（Megatron 计数）</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="141"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="142"/>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="143"/>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="144"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="146"/>
        <source>GPUs used</source>
        <translation>使用的 GPU</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="149"/>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="150"/>
        <source>Cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="151"/>
        <source>Goodput</source>
        <translation>有效产出率</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="152"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="160"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="160"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="161"/>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="161"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="162"/>
        <source>Recipe</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="171"/>
        <source>Times: %1 Efficiencies: %2.</source>
        <translation>时间：%1效率：%2。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="173"/>
        <source>GPU %1: %2 TFLOP/s dense BF16%3, %4 GiB, %5 GB/s HBM. Source: %6.</source>
        <translation>GPU %1：稠密 BF16 %2 TFLOP/s%3，%4 GiB，HBM %5 GB/s。来源：%6。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="176"/>
        <source>, %1 FP8</source>
        <translation>，FP8 %1</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="179"/>
        <location filename="../app/designreport.cpp" line="229"/>
        <source>given in the plan</source>
        <translation>规划中给出</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="181"/>
        <source>Sustained GEMM rate %1 of peak (burst best %2). Source: %3.</source>
        <translation>持续 GEMM 速率为峰值的 %1（短时突发最佳 %2）。来源：%3。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="185"/>
        <source>GEMM rate %1 of peak, a short-burst best (no sustained figure published): an upper bound.</source>
        <translation>GEMM 速率为峰值的 %1，是短时突发的最佳值（没有公开的持续速率）：只是上限。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="188"/>
        <source>No measured GEMM rate for this GPU: compute runs at the datasheet peak, an upper bound.</source>
        <translation>此 GPU 没有实测 GEMM 速率：计算按数据手册峰值估算，只是上限。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/designreport.cpp" line="190"/>
        <source>%n GEMM shape(s) measured by the probe on this GPU replace the catalog&apos;s rate for those shapes.</source>
        <translation>
            <numerusform>探测程序在此 GPU 上实测的 %n 种 GEMM 形状取代了目录中对应形状的速率。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="193"/>
        <source>Memory-bound kernels stream at %1 GB/s. Source: %2.</source>
        <translation>访存密集型内核按 %1 GB/s 计算。来源：%2。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="200"/>
        <source>Fused attention %1 (%2): published speeds. Source: %3.</source>
        <translation>融合注意力 %1（%2）：已公开的速度。来源：%3。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="203"/>
        <source>Fused attention %1: no published speed on this GPU; it runs at the GEMM rate, a lower bound on its time.</source>
        <translation>融合注意力 %1：此 GPU 上没有公开的速度；按 GEMM 速率计算，其时间是下限。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="208"/>
        <source>Compute beside a collective runs %1 slower, measured. Source: %2.</source>
        <translation>与集合通信同时运行时计算慢 %1，为实测值。来源：%2。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="211"/>
        <source>Compute beside a collective runs %1 slower, measured by the probe.</source>
        <translation>与集合通信同时运行时计算慢 %1，由探测程序实测。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="213"/>
        <source>Compute beside a collective: no slowdown at the fast end, 40% at the slow end (Lee et al. 2025, arXiv 2507.03114); the point estimate %1.</source>
        <translation>与集合通信同时运行的计算：快端不减速，慢端减速 40%（Lee 等 2025，arXiv 2507.03114）；点估计 %1。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="217"/>
        <source>Each kernel the model counts has a fixed cost of %1 µs, measured; it replaces the calibration&apos;s kernel_overhead_us. Source: %2.</source>
        <translation>模型计入的每个内核有 %1 µs 的固定开销，为实测值；它取代校准的 kernel_overhead_us。来源：%2。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="221"/>
        <source>The slow end also runs GEMMs 5% below the sustained rate, the spread between GPUs of one node (S. Bekman, Machine Learning Engineering).</source>
        <translation>慢端还让 GEMM 比持续速率低 5%，即同一节点内 GPU 之间的差异（S. Bekman，Machine Learning Engineering）。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="224"/>
        <source>Link %1: %2 GB/s per direction at %3 of line rate, %4 µs per step. Source: %5.</source>
        <translation>链路 %1：每方向 %2 GB/s，达到线速的 %3，每步 %4 µs。来源：%5。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="232"/>
        <source>Over %1, %2 runs at %3 times the rate the model gives it, measured. Source: %4.</source>
        <translation>经 %1 时，%2 以模型所给速率的 %3 倍运行，为实测值。来源：%4。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="237"/>
        <source>GPU power %1 W, measured (given in the plan).</source>
        <translation>GPU 功耗 %1 W，实测值（规划中给出）。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="239"/>
        <source>GPU power %1 W, the datasheet maximum. Source: %2.</source>
        <translation>GPU 功耗 %1 W，数据手册最大值。来源：%2。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="254"/>
        <source>The advisor found nothing to change in this plan.</source>
        <translation>顾问认为此规划无需改动。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="261"/>
        <source>Fix: %1</source>
        <translation>修正：%1</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="276"/>
        <source>Training run, checkpoints and failures</source>
        <translation>训练过程、检查点与故障</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="279"/>
        <source>Advisor&apos;s findings</source>
        <translation>顾问的发现</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="286"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="291"/>
        <source>Assumptions: every rate used, with its source</source>
        <translation>假设：所用的每个速率及其来源</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="304"/>
        <source>B against A</source>
        <translation>B 相对 A</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="313"/>
        <source>%1%2%</source>
        <translation>%1%2%</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="332"/>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="335"/>
        <source>Green: B is better than A by more than 0.5%; red: worse. Settings that differ are shaded.</source>
        <translation>绿色：B 比 A 好 0.5% 以上；红色：更差。不同的设置以底色标出。</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="451"/>
        <source>%1: the step&apos;s first %2, the pipeline filling</source>
        <translation>%1：单步的前 %2，流水线填充阶段</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="473"/>
        <source>%1: run, findings and assumptions</source>
        <translation>%1：训练过程、发现与假设</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="493"/>
        <location filename="../app/designreport.cpp" line="579"/>
        <source>Plan A against plan B</source>
        <translation>规划 A 对比规划 B</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="524"/>
        <source>%1 against %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <location filename="../app/designreport.cpp" line="612"/>
        <source>Made by Plait %1.</source>
        <translation>由 Plait %1 生成。</translation>
    </message>
</context>
<context>
    <name>plait::app::AdvicePanel</name>
    <message>
        <location filename="../app/advicepanel.cpp" line="45"/>
        <source>No plan yet.</source>
        <translation>尚无规划。</translation>
    </message>
    <message>
        <location filename="../app/advicepanel.cpp" line="55"/>
        <source>Thinking…</source>
        <translation>分析中…</translation>
    </message>
    <message>
        <location filename="../app/advicepanel.cpp" line="73"/>
        <source>No advice: memory fits, TP stays inside the nodes, the bubble and the data-parallel communication are small, and DP alone would not be faster.</source>
        <translation>没有建议：显存够用，TP 留在节点内，气泡和数据并行通信都很小，只用数据并行也不会更快。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/advicepanel.cpp" line="75"/>
        <source>%n item(s), in the order an experienced engineer would look at them:</source>
        <translation>
            <numerusform>%n 条建议，按有经验的工程师查看的顺序排列：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/advicepanel.cpp" line="84"/>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <location filename="../app/advicepanel.cpp" line="90"/>
        <source>Apply fix: step %1, peak %2 per GPU</source>
        <translation>应用修正：单步 %1，每 GPU 峰值 %2</translation>
    </message>
    <message>
        <location filename="../app/advicepanel.cpp" line="98"/>
        <source>No single change fixes this; Suggest plans searches every combination.</source>
        <translation>没有单一改动能解决；“推荐规划”会搜索所有组合。</translation>
    </message>
</context>
<context>
    <name>plait::app::CalibrationPanel</name>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="31"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="32"/>
        <source>bus bandwidth (GB/s)</source>
        <translation>总线带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="306"/>
        <source>No probe results yet: Probe → Run probe…, or Probe → Open results…</source>
        <translation>尚无探测结果：探测 → 运行探测…，或 探测 → 打开结果…</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="38"/>
        <source>Apply link measurement to plan</source>
        <translation>将链路测量应用到规划</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="39"/>
        <source>Apply compute measurement to plan</source>
        <translation>将计算测量应用到规划</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="40"/>
        <source>Apply attention measurement to plan</source>
        <translation>将注意力测量应用到规划</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="41"/>
        <source>Calibrate from this profile</source>
        <translation>用此剖析校准</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="42"/>
        <source>Give the plan&apos;s GPU the GEMM, attention and element-wise rates the job&apos;s profile measured, the profile named as their source (one edit that Undo takes back)</source>
        <translation>把作业剖析实测的 GEMM、注意力和逐元素速率赋给规划的 GPU，并注明剖析为其来源（一次可撤销的编辑）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="45"/>
        <source>Apply although measured on another GPU</source>
        <translation>即使在另一种 GPU 上测得也应用</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="46"/>
        <source>The links were measured with another GPU model than the plan&apos;s: its NVLink and host paths may not be the plan&apos;s. Tick to apply them all the same (as plait import nccl-tests --any-gpu does).</source>
        <translation>这些链路是在与规划不同型号的 GPU 上测得的：其 NVLink 与主机通路未必与规划相同。勾选后仍然应用（与 plait import nccl-tests --any-gpu 相同）。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="76"/>
        <source>Apply measured links</source>
        <translation>应用实测链路</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="80"/>
        <source>Apply measured compute</source>
        <translation>应用实测计算</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="84"/>
        <source>Apply measured attention</source>
        <translation>应用实测注意力</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="88"/>
        <source>Calibrate from the profile</source>
        <translation>用剖析校准</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="197"/>
        <source>GEMM (share of dense peak)</source>
        <translation>GEMM（占稠密峰值的比例）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="198"/>
        <source>attention (TFLOP/s forward / backward)</source>
        <translation>注意力（TFLOP/s，前向 / 反向）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="199"/>
        <source>compute beside collectives (slower than alone)</source>
        <translation>与集合通信并行的计算（比单独运行慢）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="200"/>
        <source>fixed cost of each kernel the model counts (µs)</source>
        <translation>模型计入的每个内核的固定开销（µs）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="201"/>
        <source>element-wise (GB/s of HBM)</source>
        <translation>逐元素（HBM GB/s）</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/calibrationpanel.cpp" line="222"/>
        <source>%n sizes swept</source>
        <translation>
            <numerusform>扫描 %n 种大小</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/calibrationpanel.cpp" line="223"/>
        <source>%n calls timed</source>
        <translation>
            <numerusform>计时 %n 次调用</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="224"/>
        <source>%1 over %2 ranks on %3 (%4): %5 GB/s of bus bandwidth at %6; %7 measured, %8 predicted before.</source>
        <translation>%1，%2 个 rank，经 %3（%4）：%6 时总线带宽 %5 GB/s；实测 %7，校准前预测 %8。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="241"/>
        <source>&lt;b&gt;Job profile&lt;/b&gt; (%1): the rates it measures on the profiled plan&apos;s stages, fitted so that the plan predicts the kernel times measured.</source>
        <translation>&lt;b&gt;作业剖析&lt;/b&gt;（%1）：它在被剖析规划的各阶段上测得的速率，拟合到使规划预测出实测的内核时间。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="234"/>
        <location filename="../app/calibrationpanel.cpp" line="245"/>
        <location filename="../app/calibrationpanel.cpp" line="286"/>
        <source>Not calibrated: %1</source>
        <translation>未校准：%1</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="250"/>
        <source>rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="250"/>
        <source>before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="250"/>
        <source>from the profile</source>
        <translation>来自剖析</translation>
    </message>
    <message>
        <source>kernels measured</source>
        <translation type="vanished">实测内核</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="250"/>
        <source>predicted before</source>
        <translation>校准前预测</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="250"/>
        <source>measured per step</source>
        <translation>每步实测</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="251"/>
        <source>predicted after</source>
        <translation>校准后预测</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="257"/>
        <source>not fitted</source>
        <translation>未拟合</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="270"/>
        <source>Inter-node link %1: all-reduces over %2 ranks on %3 nodes (%4 timed, their transfers) ran at %5 GB/s of bus bandwidth at %6.</source>
        <translation>节点间链路 %1：跨 %3 个节点、%2 个 rank 的 all-reduce（计时 %4 次，只计传输）在 %6 时的总线带宽为 %5 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="277"/>
        <source>Intra-node link %1: all-reduces over %2 ranks within a node (%3 timed, their transfers) ran at %4 GB/s of bus bandwidth at %5.</source>
        <translation>节点内链路 %1：节点内 %2 个 rank 的 all-reduce（计时 %3 次，只计传输）在 %5 时的总线带宽为 %4 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="285"/>
        <source>Efficiency %1 → %2.</source>
        <translation>效率 %1 → %2。</translation>
    </message>
    <message>
        <source>%1 over %2 ranks on %3 (%4 timed): %5 GB/s of bus bandwidth at %6; %7 measured, %8 predicted before.</source>
        <translation type="vanished">%1，%2 个 rank，经 %3（计时 %4 次）：%6 时总线带宽 %5 GB/s；实测 %7，校准前预测 %8。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="233"/>
        <source>Rate %1× → %2× the model&apos;s.</source>
        <translation>速率为模型的 %1× → %2×。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="292"/>
        <source>The profiled plan&apos;s step: %1 predicted before, %2 after; measured %3.</source>
        <translation>被剖析规划的单步：校准前预测 %1，校准后 %2；实测 %3。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="297"/>
        <source>Not applied: the profile ran on %1, the plan is on %2.</source>
        <translation>未应用：剖析运行在 %1 上，而规划使用 %2。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="321"/>
        <source>&lt;b&gt;Links&lt;/b&gt; (%1, %2 ranks, %3):</source>
        <translation>&lt;b&gt;链路&lt;/b&gt;（%1，%2 个 rank，%3）：</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="328"/>
        <source>op</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="328"/>
        <source>largest busbw (GB/s)</source>
        <translation>最大总线带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="353"/>
        <source>The plan assumes %1: %2 GB/s × efficiency %3 = %4 GB/s bus bandwidth, α %5 µs per ring step.</source>
        <translation>规划假设 %1：%2 GB/s × 效率 %3 = %4 GB/s 总线带宽，每个环步 α %5 µs。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="362"/>
        <source>Measured on %1, the plan is on %2: applied all the same, as you asked.</source>
        <translation>测于 %1，规划用的是 %2：已按您的要求照样应用。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="363"/>
        <source>Measured on %1, the plan is on %2: compared, not applied (tick &quot;Apply although measured on another GPU&quot; to apply).</source>
        <translation>测于 %1，规划用的是 %2：仅作比较，未应用（勾选“即使在另一种 GPU 上测得也应用”即可应用）。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="374"/>
        <source>%1, the plan&apos;s links</source>
        <translation>%1，规划中的链路</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="381"/>
        <source>%1: %2% of what the plan&apos;s links lead one to expect at %3 and up.</source>
        <translation>%1：在 %3 及以上为规划中链路应有值的 %2%。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="400"/>
        <source>&lt;b&gt;Compute&lt;/b&gt; (%1, %2): best GEMM %3 TFLOP/s, device copy %4 GB/s (read + write)</source>
        <translation>&lt;b&gt;计算&lt;/b&gt;（%1，%2）：最佳 GEMM %3 TFLOP/s，设备内拷贝 %4 GB/s（读 + 写）</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="406"/>
        <source>The plan assumes %1: %2 TFLOP/s dense bf16 × sustained GEMM efficiency %3, HBM %4 GB/s.</source>
        <translation>计划假定 %1：稠密 bf16 %2 TFLOP/s × 持续 GEMM 效率 %3，HBM %4 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="419"/>
        <source>%1 of %2 GEMM shapes ran slower than predicted.</source>
        <translation>%2 个 GEMM 形状中有 %1 个比预测慢。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="422"/>
        <source>HBM kernels: read %1 GB/s, write %2 GB/s, triad %3 GB/s.</source>
        <translation>HBM 内核：读 %1 GB/s，写 %2 GB/s，三元组 %3 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="428"/>
        <source>A kernel&apos;s fixed cost: %1 µs (empty kernels launched back to back); the plan assumes %2 µs.</source>
        <translation>内核的固定开销：%1 µs（空内核背靠背启动）；计划假定 %2 µs。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="436"/>
        <source>On %1 GPUs beside an all-reduce of %2 MiB the GEMM ran %3× as long and the all-reduce %4× (bus bandwidth %5 GB/s alone, %6 GB/s beside).</source>
        <translation>在 %1 块 GPU 上与 %2 MiB 的 all-reduce 同时运行时，GEMM 耗时为单独运行的 %3 倍，all-reduce 为 %4 倍（总线带宽单独 %5 GB/s，同时运行 %6 GB/s）。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="446"/>
        <source>The all-reduces ended before the GEMMs did, so the GEMM&apos;s figure is a lower bound.</source>
        <translation>all-reduce 先于 GEMM 结束，因此 GEMM 的数值是下限。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="450"/>
        <source>Beside a copy on %1 thread blocks the GEMM ran %2× as long.</source>
        <translation>与占用 %1 个线程块的拷贝同时运行时，GEMM 耗时为单独运行的 %2 倍。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="457"/>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="461"/>
        <source>Applying keeps each of the %1 measured GEMM shapes at its own time; other shapes take the rate fitted to them, %2 TFLOP/s (GEMM efficiency %3), and HBM %4 GB/s.</source>
        <translation>应用后，%1 个已测 GEMM 形状各自使用其实测时间；其他形状使用据此拟合的速率 %2 TFLOP/s（GEMM 效率 %3），HBM 为 %4 GB/s。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="471"/>
        <source>&lt;b&gt;PyTorch reference&lt;/b&gt; (%1, %2, torch %3, CUDA %4): GEMM 8192³ bf16 at %5 TFLOP/s on normal data, %6 on a periodic pattern, %7 on zeros.</source>
        <translation>&lt;b&gt;PyTorch 参考&lt;/b&gt;（%1，%2，torch %3，CUDA %4）：GEMM 8192³ bf16 在正态分布数据上 %5 TFLOP/s，在周期性数据上 %6，在全零数据上 %7。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="483"/>
        <source>Attention on %1 did not run: %2</source>
        <translation>%1 上的注意力未运行：%2</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="488"/>
        <source>Attention on %1 (batch %2, %3 heads, %4 KV heads, %5 queries × %6 keys, head size %7, causal): forward %8 µs, forward and backward %9 µs.</source>
        <translation>%1 上的注意力（批 %2，%3 个头，%4 个 KV 头，%5 个查询 × %6 个键，头维度 %7，因果）：前向 %8 µs，前向加反向 %9 µs。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="503"/>
        <source>The plan predicts %1 µs and %2 µs.</source>
        <translation>规划预测为 %1 µs 和 %2 µs。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="510"/>
        <source>Applied, it sets the rate of %1; the plan runs %2, which keeps its own.</source>
        <translation>应用后它设定 %1 的速率；规划运行的是 %2，保持其自身速率。</translation>
    </message>
    <message>
        <location filename="../app/calibrationpanel.cpp" line="515"/>
        <source>Not compared: %1</source>
        <translation>未比较：%1</translation>
    </message>
</context>
<context>
    <name>plait::app::CompareWindow</name>
    <message>
        <location filename="../app/comparewindow.cpp" line="23"/>
        <source>Compare plans — Plait</source>
        <translation>比较规划 — Plait</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="30"/>
        <source>Evaluating %1…</source>
        <translation>正在评估 %1…</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="66"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="67"/>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="68"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="69"/>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="70"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="71"/>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="72"/>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="76"/>
        <source>figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="76"/>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="76"/>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="76"/>
        <source>B against A</source>
        <translation>B 相对 A</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="82"/>
        <location filename="../app/comparewindow.cpp" line="83"/>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="90"/>
        <source>%1 pp</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="144"/>
        <source>A: %1, step %2</source>
        <translation>A：%1，单步 %2</translation>
    </message>
    <message>
        <location filename="../app/comparewindow.cpp" line="146"/>
        <source>B: %1, step %2</source>
        <translation>B：%1，单步 %2</translation>
    </message>
</context>
<context>
    <name>plait::app::Exports</name>
    <message>
        <location filename="../app/exports.cpp" line="44"/>
        <source>the plan is still being evaluated; export again in a moment</source>
        <translation>方案仍在评估中，请稍后再导出</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="48"/>
        <source>the plan cannot be evaluated: the summary says why</source>
        <translation>该方案无法评估：概览中说明了原因</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="63"/>
        <source>the advice is still being worked out; export again in a moment</source>
        <translation>建议仍在计算中；请稍后再导出</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="106"/>
        <source>Not exported: the plan is still being evaluated; export again in a moment.</source>
        <translation>未导出：方案仍在评估中，请稍后再导出。</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="111"/>
        <source>Nothing to export: the plan is not valid.</source>
        <translation>没有可导出的内容：规划无效。</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="115"/>
        <source>Exporting the timeline to %1…</source>
        <translation>正在将时间线导出到 %1…</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="130"/>
        <source>%1 was not written: %2</source>
        <translation>%1 未写入：%2</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="132"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="134"/>
        <source>Exported the timeline to %1</source>
        <translation>时间线已导出到 %1</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="143"/>
        <source>No plan is open.</source>
        <translation>没有打开的方案。</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="151"/>
        <source>%1 would not run this plan; nothing was written:
%2</source>
        <translation>%1 无法运行此方案；未写入任何文件：
%2</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="152"/>
        <source>The rank map</source>
        <translation>Rank 映射</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="157"/>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="174"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/exports.cpp" line="176"/>
        <source>Export Launch Config</source>
        <translation>导出启动配置</translation>
    </message>
</context>
<context>
    <name>plait::app::FileOpener</name>
    <message>
        <location filename="../app/fileopener.cpp" line="32"/>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="42"/>
        <source>%1 is not a probe result (TRACE.json, LINKS.json, COMPUTE.json or torch-reference.json).</source>
        <translation>%1 不是探测结果（TRACE.json、LINKS.json、COMPUTE.json 或 torch-reference.json）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="89"/>
        <source>Opened trace %1: %n event(s)</source>
        <translation>
            <numerusform>已打开追踪 %1：%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="92"/>
        <source>not drawn: %1</source>
        <translation>未绘制：%1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="100"/>
        <source>Profile not opened: %1</source>
        <translation>未打开性能剖析：%1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="103"/>
        <source>Cannot open profile</source>
        <translation>无法打开性能剖析</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="103"/>
        <source>The profile was not opened: %1</source>
        <translation>性能剖析未打开：%1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="106"/>
        <source>Trace %1 not opened: %2</source>
        <translation>追踪 %1 未打开：%2</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="108"/>
        <source>Cannot open trace</source>
        <translation>无法打开追踪</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="108"/>
        <source>%1 was not opened: %2</source>
        <translation>%1 未打开：%2</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="124"/>
        <source>%1 was not opened: one plan at a time</source>
        <translation>%1 未打开：一次只能打开一个规划</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="164"/>
        <location filename="../app/fileopener.cpp" line="171"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="182"/>
        <source>Link measurements from %1</source>
        <translation>来自 %1 的链路测量</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="185"/>
        <source>Compute measurements from %1</source>
        <translation>来自 %1 的计算测量</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="188"/>
        <source>PyTorch reference measurements from %1</source>
        <translation>来自 %1 的 PyTorch 参考测量</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="197"/>
        <source>Opening trace %1…</source>
        <translation>正在打开追踪 %1…</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="201"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="207"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="219"/>
        <source>Opening the profile of %n file(s) or folder(s)…</source>
        <translation>
            <numerusform>正在打开 %n 个文件或文件夹的性能剖析…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="224"/>
        <source>Reading every rank&apos;s profile…</source>
        <translation>正在读取每个 rank 的性能剖析…</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="235"/>
        <source>Opened the profile of %n rank(s), step %1</source>
        <translation>
            <numerusform>已打开 %n 个 rank 的性能剖析，第 %1 步</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="239"/>
        <source>clocks aligned on their collectives, worst residual %1 µs</source>
        <translation>已按共同的集合通信对齐时钟，最大残差 %1 µs</translation>
    </message>
    <message>
        <location filename="../app/profilefinding.cpp" line="15"/>
        <source>Straggler: rank %1 was the last to arrive at %2 of %3 collectives; the others waited %4 ms for it; it computes %5 ms per step, %6% over the median</source>
        <translation>掉队者：rank %1 在 %3 次集合通信中有 %2 次最后到达；其他 rank 共等待它 %4 ms；它每步计算 %5 ms，比中位数高 %6%</translation>
    </message>
    <message>
        <location filename="../app/profilefinding.cpp" line="18"/>
        <source>Last to arrive: rank %1, at %2 of %3 collectives (the others waited %4 ms for it), but its kernels are not slower (%5 ms per step, %6% against the median): the order of the work held it back, not its GPU</source>
        <translation>最后到达：rank %1，在 %3 次集合通信中有 %2 次最后到达（其他 rank 共等待它 %4 ms），但它的内核并不更慢（每步 %5 ms，相对中位数 %6%）：拖住它的是工作的先后次序，而不是它的 GPU</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="262"/>
        <source>Reading %n nccl-tests file(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个 nccl-tests 文件…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="266"/>
        <source>Not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="268"/>
        <source>Cannot read nccl-tests output</source>
        <translation>无法读取 nccl-tests 输出</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="315"/>
        <source>%n measurement(s) of the links; </source>
        <translation>
            <numerusform>%n 组链路测量；</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="316"/>
        <source>the plan&apos;s links match them</source>
        <translation>规划中的链路与测量相符</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="317"/>
        <source>%n finding(s) on the topology&apos;s nodes: %1</source>
        <translation>
            <numerusform>拓扑节点上有 %n 项发现：%1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="349"/>
        <source>%1 was not imported: %2</source>
        <translation>%1 未导入：%2</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="351"/>
        <location filename="../app/fileopener.cpp" line="379"/>
        <source>Import Launch Config</source>
        <translation>导入启动配置</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="352"/>
        <source>%1 was not imported:
%2</source>
        <translation>%1 未导入：
%2</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="356"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="357"/>
        <source>Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on the estimate; Undo brings the plan back</source>
        <translation>已导入 %1（%2）：%3 项设置未建模，%4 项不影响估算；撤销可恢复原方案</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="359"/>
        <source>Imported %1 (%2): %3 setting(s) not modelled, %4 without effect on the estimate, %5 the launcher&apos;s; Undo brings the plan back</source>
        <translation>已导入 %1（%2）：%3 项设置未建模，%4 项不影响估算，%5 项属于启动器；撤销可恢复原方案</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="373"/>
        <source>Not modelled (the estimate leaves these out):</source>
        <translation>未建模（估算未包含）：</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="374"/>
        <source>No effect on a step&apos;s time or memory:</source>
        <translation>不影响每步时间或显存：</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="375"/>
        <source>The launcher&apos;s (torchrun, srun, mpirun), not the framework&apos;s:</source>
        <translation>属于启动器（torchrun、srun、mpirun）而非框架的参数：</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="394"/>
        <source>The nodes were not imported: %1</source>
        <translation>节点未导入：%1</translation>
    </message>
    <message>
        <location filename="../app/fileopener.cpp" line="396"/>
        <location filename="../app/fileopener.cpp" line="429"/>
        <source>Import Cluster</source>
        <translation>导入集群</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="411"/>
        <source>Import %n node(s)</source>
        <translation>
            <numerusform>导入 %n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/fileopener.cpp" line="416"/>
        <source>Imported %n node(s): %1 × %2 GPUs over %3, %4 NIC(s) per node on %5; %6 finding(s) on the topology</source>
        <translation>
            <numerusform>已导入 %n 个节点：%1 × %2 个 GPU，经 %3 互连，每节点 %4 块网卡接入 %5；拓扑上有 %6 项发现</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/commands/rendercommand.cpp" line="158"/>
        <location filename="../app/commands/reportcommand.cpp" line="85"/>
        <location filename="../app/fileopener.cpp" line="231"/>
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plait::app::LessonsPanel</name>
    <message>
        <location filename="../app/lessonspanel.cpp" line="28"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="29"/>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="30"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="33"/>
        <source>Pick a lesson and press Start. Each step changes the plan and explains what to look at.</source>
        <translation>选择一节课程并点击“开始”。每一步都会修改规划并说明该看哪里。</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="113"/>
        <source>Changed: %1</source>
        <translation>已更改：%1</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="117"/>
        <source>Lesson &quot;%1&quot;, step %2</source>
        <translation>课程“%1”，第 %2 步</translation>
    </message>
    <message>
        <location filename="../app/lessonspanel.cpp" line="150"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
</context>
<context>
    <name>plait::app::MainWindow</name>
    <message>
        <location filename="../app/docksetup.cpp" line="34"/>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="36"/>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="38"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="39"/>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="41"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="43"/>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="47"/>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="50"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="143"/>
        <source>Start lesson &quot;%1&quot;</source>
        <translation>开始课程“%1”</translation>
    </message>
    <message>
        <location filename="../app/docksetup.cpp" line="52"/>
        <source>Suggest plans</source>
        <translation>推荐规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="172"/>
        <source>Open Trace</source>
        <translation>打开追踪</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="178"/>
        <source>Export Timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="178"/>
        <source>Chrome traces (*.json)</source>
        <translation>Chrome 追踪 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="196"/>
        <source>Preview: swap GPU %1 and GPU %2 — release to apply</source>
        <translation>预览：交换 GPU %1 与 GPU %2 — 松开鼠标以应用</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="207"/>
        <source>Swap GPU %1 and GPU %2</source>
        <translation>交换 GPU %1 与 GPU %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="211"/>
        <source>Assign %n GPU(s) to stage %1</source>
        <translation>
            <numerusform>将 %n 个 GPU 分配到阶段 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="218"/>
        <source>Make TP group</source>
        <translation>组成 TP 组</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="221"/>
        <location filename="../app/mainwindowactions.cpp" line="155"/>
        <source>Auto-place</source>
        <translation>自动放置</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="246"/>
        <source>Stage %1: %2</source>
        <translation>阶段 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="25"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="26"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="30"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="34"/>
        <source>Open Plan</source>
        <translation>打开规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="34"/>
        <location filename="../app/mainwindowactions.cpp" line="53"/>
        <source>Plait plans (*.plait.json);;All files (*)</source>
        <translation>Plait 规划 (*.plait.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="38"/>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="44"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="47"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="102"/>
        <source>PyTorch profiler traces (*.json *.json.gz);;Nsight Systems SQLite exports (*.sqlite);;All files (*)</source>
        <translation>PyTorch profiler 追踪 (*.json *.json.gz);;Nsight Systems SQLite 导出 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="140"/>
        <source>Probe results and nccl-tests logs (TRACE.json LINKS.json COMPUTE.json *.json *.txt *.log);;All files (*)</source>
        <translation>探测结果与 nccl-tests 日志 (TRACE.json LINKS.json COMPUTE.json *.json *.txt *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="207"/>
        <source>Save Plan</source>
        <translation>保存规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="207"/>
        <source>Plait plans (*.plait.json)</source>
        <translation>Plait 规划 (*.plait.json)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="49"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="51"/>
        <source>&amp;Compare With…</source>
        <translation>比较(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="53"/>
        <source>Compare With Plan</source>
        <translation>与规划比较</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="57"/>
        <source>Compare With &amp;Example</source>
        <translation>与示例比较(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="60"/>
        <source>&amp;Import Launch Config…</source>
        <translation>导入启动配置(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="62"/>
        <source>Detected from the content (*)</source>
        <translation>按内容识别 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="63"/>
        <source>Megatron-LM arguments (*.sh *.args *.txt)</source>
        <translation>Megatron-LM 参数 (*.sh *.args *.txt)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="63"/>
        <source>DeepSpeed JSON (*.json)</source>
        <translation>DeepSpeed JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="64"/>
        <source>torchtitan job (*.toml *.sh)</source>
        <translation>torchtitan 作业 (*.toml *.sh)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="64"/>
        <source>Hugging Face config.json, the model only (*.json)</source>
        <translation>Hugging Face config.json，仅模型 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="67"/>
        <source>Import Launch Config</source>
        <translation>导入启动配置</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="73"/>
        <source>Import &amp;Cluster…</source>
        <translation>导入集群(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="74"/>
        <source>Import Cluster</source>
        <translation>导入集群</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="75"/>
        <source>nvidia-smi topo -m output or NCCL topology dumps, one per node (*.txt *.xml);;All files (*)</source>
        <translation>nvidia-smi topo -m 输出或 NCCL 拓扑转储，每个节点一个 (*.txt *.xml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="79"/>
        <source>Export &amp;Launch Config</source>
        <translation>导出启动配置(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="81"/>
        <source>&amp;Megatron-LM Arguments…</source>
        <translation>Megatron-LM 参数(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="82"/>
        <source>&amp;DeepSpeed JSON…</source>
        <translation>DeepSpeed JSON(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="83"/>
        <source>&amp;torchtitan Job…</source>
        <translation>torchtitan 作业(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="84"/>
        <source>&amp;Rank Map and Hostfile…</source>
        <translation>Rank 映射与 hostfile(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="89"/>
        <location filename="../app/mainwindowactions.cpp" line="95"/>
        <source>Export Launch Config</source>
        <translation>导出启动配置</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="99"/>
        <source>Open &amp;Trace…</source>
        <translation>打开追踪(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="100"/>
        <source>Open &amp;Profile…</source>
        <translation>打开性能剖析(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="101"/>
        <source>Open Profile: every rank&apos;s trace</source>
        <translation>打开性能剖析：每个 rank 的追踪</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="106"/>
        <source>&amp;Export Timeline…</source>
        <translation>导出时间线(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="107"/>
        <source>Export &amp;Picture</source>
        <translation>导出图片(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="108"/>
        <source>&amp;Topology…</source>
        <translation>拓扑(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="109"/>
        <source>&amp;Memory…</source>
        <translation>显存(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="109"/>
        <source>&amp;Communication…</source>
        <translation>通信(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="110"/>
        <source>Time&amp;line…</source>
        <translation>时间线(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="110"/>
        <source>Whole &amp;Report…</source>
        <translation>完整报告(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="114"/>
        <source>Export Picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="116"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF page (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 页面 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="121"/>
        <location filename="../app/mainwindowactions.cpp" line="131"/>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="124"/>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="126"/>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="126"/>
        <source>PDF document (*.pdf);;Web page (*.html)</source>
        <translation>PDF 文档 (*.pdf);;网页 (*.html)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="134"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="136"/>
        <source>&amp;Probe</source>
        <translation>探测(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="137"/>
        <source>&amp;Run Probe…</source>
        <translation>运行探测(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="138"/>
        <source>&amp;Open Results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="139"/>
        <source>Open Probe Results</source>
        <translation>打开探测结果</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="146"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="147"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="149"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="155"/>
        <source>Auto-place GPUs</source>
        <translation>自动放置 GPU</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="157"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="160"/>
        <source>All groups</source>
        <translation>所有分组</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="161"/>
        <source>Tensor-parallel groups</source>
        <translation>张量并行组</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="162"/>
        <source>Pipeline stages</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="163"/>
        <source>Data-parallel replicas</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="164"/>
        <source>Expert-parallel groups</source>
        <translation>专家并行组</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="166"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="178"/>
        <source>Zoom to fit</source>
        <translation>缩放至适合</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="180"/>
        <location filename="../app/mainwindowactions.cpp" line="188"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="183"/>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <location filename="../app/mainwindowactions.cpp" line="188"/>
        <source>The language changes the next time Plait starts.</source>
        <translation>语言将在下次启动 Plait 时生效。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="305"/>
        <source>Cannot open plan</source>
        <translation>无法打开规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="305"/>
        <source>%1 cannot be opened:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="331"/>
        <source>Opened %1, the last plan you worked on</source>
        <translation>已打开 %1，即上次使用的规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="335"/>
        <source>A new plan: change it here, or open one (File → Open, Open Example)</source>
        <translation>新规划：可在此修改，或打开已有规划（文件 → 打开、打开示例）</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="353"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="353"/>
        <source>%1 was not saved: %2
The file on disk is unchanged.</source>
        <translation>%1 未保存：%2
磁盘上的文件未更改。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="357"/>
        <location filename="../app/mainwindowactions.cpp" line="120"/>
        <location filename="../app/mainwindowactions.cpp" line="130"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="377"/>
        <source>%1 cannot be compared: %2</source>
        <translation>无法比较 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="398"/>
        <source>The plan could not be written for the probe: %1</source>
        <translation>无法为探测写出规划：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="147"/>
        <source>a lesson started</source>
        <translation>开始了一节课程</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="151"/>
        <source>Trace %1 closed: %2.</source>
        <translation>已关闭 trace %1：%2。</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="172"/>
        <source>Chrome traces (*.json *.json.gz *.trace.json);;All files (*)</source>
        <translation>Chrome 追踪 (*.json *.json.gz *.trace.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="252"/>
        <source>Communication: %1</source>
        <translation>通信：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="322"/>
        <source>New plan</source>
        <translation>新规划</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="433"/>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="451"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="451"/>
        <source>The plan has changes that are not saved. Save them?</source>
        <translation>规划有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="471"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="472"/>
        <source>%1[*] — Plait</source>
        <translation>%1[*] — Plait</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="506"/>
        <source>Recover unsaved plan?</source>
        <translation>恢复未保存的规划？</translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="507"/>
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
        <location filename="../app/mainwindow.cpp" line="514"/>
        <source>Recovered plan</source>
        <translation>已恢复的规划</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="524"/>
        <source>%n autosaved plan(s) from an earlier session cannot be read:
%1
Discard them?</source>
        <translation>
            <numerusform>上一次会话自动保存的 %n 个规划无法读取：
%1
是否丢弃？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="528"/>
        <source>%n autosaved plan(s) cannot be read; they were kept</source>
        <translation>
            <numerusform>%n 个自动保存的规划无法读取，已保留</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/mainwindow.cpp" line="529"/>
        <source>Unreadable autosaves</source>
        <translation>无法读取的自动保存</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/mainwindow.cpp" line="533"/>
        <source>%n unreadable autosave(s) discarded</source>
        <translation>
            <numerusform>已丢弃 %n 个无法读取的自动保存</numerusform>
        </translation>
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
        <location filename="../app/probedialog.cpp" line="192"/>
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
        <location filename="../app/probedialog.cpp" line="78"/>
        <source>GPUs found:</source>
        <translation>找到的 GPU：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="79"/>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="80"/>
        <source>GPUs (--gpus):</source>
        <translation>GPU（--gpus）：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="81"/>
        <source>Micro-batches:</source>
        <translation>微批次：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="82"/>
        <source>Iterations:</source>
        <translation>迭代次数：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="83"/>
        <source>Layers per stage at most:</source>
        <translation>每阶段最多层数：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="84"/>
        <source>Largest message:</source>
        <translation>最大消息：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="86"/>
        <source>Output file:</source>
        <translation>输出文件：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="87"/>
        <source>Command line:</source>
        <translation>命令行：</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="126"/>
        <source>%1 — about %2 s left</source>
        <translation>%1 — 约剩 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="137"/>
        <source>Done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="164"/>
        <source>%1: %2, %3 GiB, %4 SMs, peers %5</source>
        <translation>%1：%2，%3 GiB，%4 个 SM，对等 %5</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="172"/>
        <source>CUDA %1, NCCL %2</source>
        <translation>CUDA %1，NCCL %2</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="182"/>
        <source>No NVIDIA GPU found here.</source>
        <translation>本机未找到 NVIDIA GPU。</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="185"/>
        <source>The probe measures real GPUs: run it on a GPU node</source>
        <translation>探测程序测量真实的 GPU：请在 GPU 节点上运行</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="186"/>
        <source>Run the command line below on a GPU node, with the plan file beside it (plait-probe comes with the package), then open what it writes here (Probe → Open Results…). The log below says why nothing could run on this machine.</source>
        <translation>请在 GPU 节点上运行下面的命令行（规划文件放在旁边；plait-probe 随软件包提供），然后在这里打开它写出的结果（探测 → 打开结果…）。下方日志说明了本机为何无法运行。</translation>
    </message>
    <message>
        <location filename="../app/probedialog.cpp" line="193"/>
        <source>The probe finished without listing any device.</source>
        <translation>探测结束，但没有列出任何设备。</translation>
    </message>
</context>
<context>
    <name>plait::app::SuggestPanel</name>
    <message>
        <location filename="../app/suggestpanel.cpp" line="49"/>
        <source>full recompute</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="50"/>
        <source>selective recompute</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="51"/>
        <source>op-level selective recompute</source>
        <translation>算子级选择性重算</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="52"/>
        <source>no recompute</source>
        <translation>不重计算</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="65"/>
        <source>Search every plan</source>
        <translation>搜索所有规划</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="66"/>
        <source>Searches TP, PP (and virtual stages), DP, CP, EP, micro-batch, ZeRO, recomputation and schedule for this model, cluster and global batch.</source>
        <translation>针对此模型、集群和全局批次，搜索 TP、PP（含虚拟阶段）、DP、CP、EP、微批次、ZeRO、重计算和调度的所有组合。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="72"/>
        <source>plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="72"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="72"/>
        <source>peak / GPU</source>
        <translation>每 GPU 峰值</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="72"/>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="72"/>
        <source>step (slow end)</source>
        <translation>步长（慢端）</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="73"/>
        <source>cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="75"/>
        <source>Plans are ranked by the slow end: every uncertain rate at the slow end of its published spread</source>
        <translation>方案按慢端排序：每个不确定的速率都取其公开范围的慢端</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="87"/>
        <location filename="../app/suggestpanel.cpp" line="103"/>
        <location filename="../app/suggestpanel.cpp" line="115"/>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="94"/>
        <source>Share of each GPU&apos;s memory a plan must leave free</source>
        <translation>方案必须在每个 GPU 上留出的显存比例</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="95"/>
        <source>Largest tensor-parallel size to try</source>
        <translation>尝试的最大张量并行规模</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="96"/>
        <source>Largest pipeline-parallel size to try</source>
        <translation>尝试的最大流水线并行规模</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="97"/>
        <source>Largest context-parallel size to try (1: none)</source>
        <translation>尝试的最大上下文并行规模（1：不使用）</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="98"/>
        <source>Largest expert-parallel size to try (MoE models)</source>
        <translation>尝试的最大专家并行规模（MoE 模型）</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="100"/>
        <source>as the plan</source>
        <translation>与方案相同</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="109"/>
        <source>any the framework runs</source>
        <translation>框架支持的任意调度</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="112"/>
        <source>Only this pipeline schedule; a schedule the framework does not run is then tried as a what-if</source>
        <translation>只搜索此流水线调度；框架不支持的调度将作为假设情景尝试</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="118"/>
        <source>Only this activation recomputation</source>
        <translation>只搜索此激活重计算方式</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="121"/>
        <source>Keep free</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="121"/>
        <source>TP at most</source>
        <translation>TP 最多</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="122"/>
        <source>PP at most</source>
        <translation>PP 最多</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="122"/>
        <source>CP at most</source>
        <translation>CP 最多</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="123"/>
        <source>EP at most</source>
        <translation>EP 最多</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="122"/>
        <source>Framework</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="105"/>
        <source>Only plans this framework can run (its ZeRO stages with pipelining, context parallelism); any: each framework as it runs the plan, ranked together</source>
        <translation>只给出该框架能运行的方案（它在流水线并行下支持的 ZeRO 阶段、上下文并行）；any：每个框架按其运行方式各搜一遍，一起排序</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="123"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="123"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="230"/>
        <source>The model, cluster or batch changed since the last search: search again.</source>
        <translation>自上次搜索以来模型、集群或批大小已改变：请重新搜索。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="238"/>
        <source>Searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="250"/>
        <source>%1 combinations, %2 fit in memory, %3 evaluated in full, in %4 s.</source>
        <translation>%1 种组合，%2 种放得下，%3 种完整评估，用时 %4 秒。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="255"/>
        <source>No plan fits in memory on this cluster.</source>
        <translation>此集群上没有放得下的规划。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="276"/>
        <source>step %1 (slow end %5) · %2 tokens/s · MFU %3 · peak %4 per GPU</source>
        <translation>步长 %1（慢端 %5）· %2 tokens/s · MFU %3 · 每 GPU 峰值 %4</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="279"/>
        <source>Click to apply.</source>
        <translation>点击应用。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="310"/>
        <source>cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="152"/>
        <source>Charting every plan that fits: %1 of %2 evaluated…</source>
        <translation>正在为图表评估所有放得下的方案：已评估 %1 / %2…</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="158"/>
        <source>All %1 plans that fit are charted.</source>
        <translation>全部 %1 个放得下的方案都已绘入图表。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="290"/>
        <source>Apply suggested plan</source>
        <translation>应用推荐规划</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="304"/>
        <source>At the slow end, for the plan&apos;s budget at %1 %2 per GPU-hour on the cluster&apos;s %3 GPUs, with checkpoints and failures. Every plan here uses all of them, so the ranking by step time is also the ranking by cost.</source>
        <translation>按慢端计算：规划的训练预算，每 GPU 小时 %1 %2，集群的 %3 块 GPU，计入检查点与故障。这里每个规划都用全部 GPU，所以按单步时间排序也就是按成本排序。</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="317"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="325"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../app/suggestpanel.cpp" line="327"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>plait::app::TimelinePanel</name>
    <message>
        <location filename="../app/timelinepanel.cpp" line="17"/>
        <source>Predicted step</source>
        <translation>预测的单步</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="18"/>
        <source>Schedules compared</source>
        <translation>调度对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="19"/>
        <source>Predicted against trace</source>
        <translation>预测与追踪对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="20"/>
        <source>What the timeline shows</source>
        <translation>时间线显示的内容</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="21"/>
        <source>Open trace…</source>
        <translation>打开追踪…</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="23"/>
        <source>Open a Chrome trace (plait-probe, PyTorch profiler, Perfetto) to compare with the prediction</source>
        <translation>打开 Chrome 追踪（plait-probe、PyTorch profiler、Perfetto）与预测对比</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="24"/>
        <source>Export trace…</source>
        <translation>导出追踪…</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="25"/>
        <source>Save the predicted timeline as a Chrome trace that Perfetto opens</source>
        <translation>将预测的时间线保存为 Perfetto 可打开的 Chrome 追踪</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="26"/>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="27"/>
        <source>Ctrl+wheel zoom · drag pan · Shift+drag zoom to selection · click an op</source>
        <translation>Ctrl+滚轮缩放 · 拖动平移 · Shift+拖动缩放到选区 · 点击操作查看详情</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="91"/>
        <source>the plan&apos;s pipeline changed shape (stages, chunks, schedule or micro-batches)</source>
        <translation>规划的流水线形状已改变（阶段、模型块、调度或微批次）</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="173"/>
        <source>Simulating the plan under each schedule…</source>
        <translation>正在按每种调度模拟该方案…</translation>
    </message>
    <message>
        <location filename="../app/timelinepanel.cpp" line="178"/>
        <source>No trace loaded: open one (a plait-probe TRACE.json, a PyTorch profiler export) or drop it on the window.</source>
        <translation>未加载追踪：打开一个（plait-probe 的 TRACE.json 或 PyTorch profiler 导出文件），或拖放到窗口上。</translation>
    </message>
</context>
<context>
    <name>plait::engine::ProbeRunner</name>
    <message>
        <location filename="../engine/proberunner.cpp" line="24"/>
        <source>The probe could not be started: %1 (%2). Build it with CUDA and NCCL present, or set PLAIT_PROBE to its path.</source>
        <translation>无法启动探测程序：%1（%2）。请在有 CUDA 和 NCCL 的环境下构建它，或将 PLAIT_PROBE 设为其路径。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="62"/>
        <source>the probe was called wrongly (exit code 2)</source>
        <translation>探测程序调用方式错误（退出码 2）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="64"/>
        <source>no CUDA device or driver on this machine (exit code 3); the probe measures real GPUs only</source>
        <translation>此机器没有 CUDA 设备或驱动（退出码 3）；探测只测量真实 GPU</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="66"/>
        <source>NCCL failed or a rank hung (exit code 4)</source>
        <translation>NCCL 出错或某个 rank 挂起（退出码 4）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="68"/>
        <source>a CUDA error (exit code 5)</source>
        <translation>CUDA 错误（退出码 5）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="70"/>
        <source>the GPU ran out of memory (exit code 6)</source>
        <translation>GPU 显存不足（退出码 6）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="72"/>
        <source>the results were wrong: the correctness check failed (exit code 7)</source>
        <translation>结果错误：正确性校验失败（退出码 7）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="74"/>
        <source>the probe measured but could not write its results file (exit code 8): free space or permission</source>
        <translation>探针已完成测量，但无法写入结果文件（退出码 8）：请检查磁盘空间或权限</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="76"/>
        <source>the probe failed with exit code %1</source>
        <translation>探测程序失败，退出码 %1</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="129"/>
        <source>(not a protocol line: ignored)</source>
        <translation>（不是协议行：已忽略）</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="172"/>
        <source>The probe did not finish within %1 s and was stopped; a GPU or a rank may hang.</source>
        <translation>探测未在 %1 秒内完成，已停止；可能有 GPU 或 rank 挂起。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="175"/>
        <source>The probe run was cancelled.</source>
        <translation>探测运行已取消。</translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/proberunner.cpp" line="177"/>
        <source>The probe crashed after %n line(s) of output; nothing it measured was kept.</source>
        <translation>
            <numerusform>探测在输出 %n 行后崩溃；其测量结果均未保留。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="181"/>
        <source>The probe stopped: %1%2</source>
        <translation>探测已停止：%1%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/proberunner.cpp" line="183"/>
        <source>The probe printed %n line(s) that are not its protocol and never said it was done.</source>
        <translation>
            <numerusform>探测输出了 %n 行非协议内容，且从未报告完成。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="185"/>
        <source>The probe exited without saying it was done.</source>
        <translation>探测退出时未报告完成。</translation>
    </message>
    <message>
        <location filename="../engine/proberunner.cpp" line="187"/>
        <source>The probe said it wrote %1, but the file is not there.</source>
        <translation>探测称已写出 %1，但文件不存在。</translation>
    </message>
</context>
<context>
    <name>plait::engine::ProfileLoader</name>
    <message>
        <location filename="../engine/profileloader.cpp" line="163"/>
        <source>Loading was cancelled.</source>
        <translation>加载已取消。</translation>
    </message>
    <message>
        <location filename="../engine/profileloader.cpp" line="175"/>
        <source>no profile files (*.json, *.json.gz, *.sqlite) were given</source>
        <translation>没有给出性能剖析文件 (*.json, *.json.gz, *.sqlite)</translation>
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
        <location filename="../widgets/format.cpp" line="22"/>
        <location filename="../widgets/runtext.cpp" line="43"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="24"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="25"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="32"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="33"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location filename="../widgets/format.cpp" line="39"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="24"/>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="34"/>
        <source>%1 MWh</source>
        <translation>%1 MWh</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="45"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="47"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="48"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="60"/>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="61"/>
        <source>Weights and optimizer state, each parameter once (what Megatron-LM and DeepSpeed save); the most one GPU holds: %1.</source>
        <translation>权重与优化器状态，每个参数一份（Megatron-LM 与 DeepSpeed 保存的内容）；单个 GPU 最多持有 %1。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="64"/>
        <source> Written at %1 GB/s.</source>
        <translation>按 %1 GB/s 写入。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="65"/>
        <source> Set the storage bandwidth (Training run) for its write time.</source>
        <translation>设置存储带宽（训练过程）即可得到写入时间。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="68"/>
        <source>Useful work over wall time with a checkpoint every %1 of work (Daly 2006), a failure every %2 (%3 per GPU-hour on %4 GPUs) and %5 to restart.</source>
        <translation>有效工作占墙钟时间的比例：每 %1 工作保存一次检查点（Daly 2006），每 %2 发生一次故障（%4 块 GPU，每 GPU 小时 %3 次），重启需 %5。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="73"/>
        <source>Needs the checkpoint&apos;s write time: set the storage bandwidth (Training run).</source>
        <translation>需要检查点的写入时间：请设置存储带宽（训练过程）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="76"/>
        <source>Set a training budget in tokens or steps (Training run).</source>
        <translation>请以 token 数或步数设置训练预算（训练过程）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="80"/>
        <source>%1 tokens in %2 steps; %3 of steps</source>
        <translation>%1 个 token，%2 步；训练步共 %3</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="82"/>
        <source>, the rest checkpoints and failures.</source>
        <translation>，其余为检查点与故障。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="83"/>
        <source>; failures and checkpoints not counted without a storage bandwidth.</source>
        <translation>；没有存储带宽时不计故障与检查点。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="85"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="86"/>
        <source>%1 GPU-hours (%2–%3) on %4 reserved GPUs at %5 %6 per GPU-hour; range %7–%8.</source>
        <translation>%4 块预留 GPU 共 %1 GPU 小时（%2–%3），每 GPU 小时 %5 %6；范围 %7–%8。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="92"/>
        <source>%1 GPU-hours; set a price per GPU-hour (Training run) for the cost.</source>
        <translation>%1 GPU 小时；设置每 GPU 小时价格（训练过程）即可得到成本。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="104"/>
        <source>Budget: %1 tokens, %2 steps of %3 tokens.</source>
        <translation>预算：%1 个 token，%2 步，每步 %3 个 token。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="107"/>
        <source>Time to train: %1 of steps</source>
        <translation>训练时长：训练步共 %1</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="109"/>
        <source>, %1 with checkpoints and failures.</source>
        <translation>，计入检查点与故障为 %1。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="111"/>
        <source>; failures and checkpoints not counted (no storage bandwidth).</source>
        <translation>；未计故障与检查点（没有存储带宽）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="113"/>
        <source>GPU-hours: %1 on %2 reserved GPUs (%3 used).</source>
        <translation>GPU 小时：%1，%2 块预留 GPU（使用 %3 块）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="115"/>
        <source>Cost: %1 %2 at %3 %2 per GPU-hour.</source>
        <translation>成本：%1 %2，每 GPU 小时 %3 %2。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="117"/>
        <source>Cost: no price per GPU-hour given.</source>
        <translation>成本：未给出每 GPU 小时价格。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="119"/>
        <source>Energy: %1 for the GPU boards at %2 W each (%3); hosts, network and cooling not counted.</source>
        <translation>能耗：GPU 板卡 %1，每块 %2 W（%3）；未计主机、网络与制冷。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="122"/>
        <source>Energy: this GPU&apos;s power is not in the catalog; give a measured figure.</source>
        <translation>能耗：目录中没有此 GPU 的功耗；请给出实测值。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="124"/>
        <source>No training budget given: time, GPU-hours, cost and energy need tokens or steps.</source>
        <translation>未给出训练预算：时长、GPU 小时、成本与能耗需要 token 数或步数。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="126"/>
        <source>Checkpoint: %1 (weights and optimizer state; at most %2 on one GPU)</source>
        <translation>检查点：%1（权重与优化器状态；单个 GPU 最多 %2）</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="128"/>
        <source>, written in %1 at %2 GB/s, read back in %3.</source>
        <translation>，按 %2 GB/s 写入用时 %1，读回用时 %3。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="131"/>
        <source>; its write time needs a storage bandwidth.</source>
        <translation>；写入时间需要存储带宽。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="132"/>
        <source>Failures: %1 per GPU-hour (%2), one every %3 on %4 GPUs; a restart takes %5 (%6).</source>
        <translation>故障：每 GPU 小时 %1 次（%2），%4 块 GPU 上每 %3 一次；重启需 %5（%6）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="136"/>
        <source>Checkpoint every %1 of work (Daly 2006; Young&apos;s first order %2): goodput %3%4.</source>
        <translation>每 %1 工作保存一次检查点（Daly 2006；Young 一阶近似 %2）：有效产出率 %3%4。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="138"/>
        <source>, %1 failures expected over the run</source>
        <translation>，整个训练预计故障 %1 次</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="140"/>
        <source>One failed GPU stops its TP×CP group (%1 GPUs) and its pipeline (%2 GPUs on up to %3 nodes); synchronous training waits for all %4. Pipelines with GPUs on one node: at most %5.</source>
        <translation>一块 GPU 故障会停下它所在的 TP×CP 组（%1 块 GPU）和它的流水线（%2 块 GPU，最多跨 %3 个节点）；同步训练会让全部 %4 块 GPU 等待。一个节点上的 GPU 最多属于 %5 条流水线。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="147"/>
        <source>Spare nodes: %1 of %2 (%3); practice keeps 5–10% (S. Bekman, ml-engineering).</source>
        <translation>备用节点：%2 个中有 %1 个（%3）；通常做法是保留 5–10%（S. Bekman，ml-engineering）。</translation>
    </message>
    <message>
        <location filename="../widgets/runtext.cpp" line="152"/>
        <source>Pipeline depth %1 over the %2 nodes a pipeline spans: %3× (a rule of thumb asks 1.5–2× for fail-over; no published source for it was found).</source>
        <translation>流水线深度 %1，一条流水线跨 %2 个节点：%3×（有一条经验法则要求 1.5–2× 以便故障切换；未找到其公开来源）。</translation>
    </message>
</context>
<context>
    <name>plait::widgets::CommBreakdown</name>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="25"/>
        <source>dispatch</source>
        <translation>分发</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="27"/>
        <source>combine</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="30"/>
        <source>expert TP</source>
        <translation>专家 TP</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="32"/>
        <source>output gradients</source>
        <translation>输出梯度</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="69"/>
        <source>Exposed and hidden</source>
        <translation>暴露与隐藏</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="70"/>
        <source>Latency (α) and bandwidth (S/β)</source>
        <translation>延迟 (α) 与带宽 (S/β)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="71"/>
        <source>Split:</source>
        <translation>拆分：</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="81"/>
        <source>Communication per step</source>
        <translation>每步通信</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="137"/>
        <source>exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="137"/>
        <source>latency (α)</source>
        <translation>延迟 (α)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="138"/>
        <source>hidden under compute</source>
        <translation>被计算隐藏</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="138"/>
        <source>bandwidth (S/β)</source>
        <translation>带宽 (S/β)</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="151"/>
        <source>ms per step (stage %1, the busiest)</source>
        <translation>每步毫秒数（阶段 %1，最忙的阶段）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="152"/>
        <source>ms per step</source>
        <translation>每步毫秒数</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="161"/>
        <source>%1 %2
%3 × %4 on %5</source>
        <translation>%1 %2
%3 × %4，经 %5</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="168"/>
        <source> (group over %1 nodes)</source>
        <translation>（组跨 %1 个节点）</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="183"/>
        <source>No plan evaluated yet.</source>
        <translation>尚未评估任何方案。</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="184"/>
        <source>The plan cannot be evaluated: the summary says why.</source>
        <translation>无法评估该方案：原因见摘要。</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="185"/>
        <source>No communication: every parallel size is 1,
so no GPU sends anything to another.</source>
        <translation>没有通信：所有并行规模均为 1，
没有 GPU 向其他 GPU 发送数据。</translation>
    </message>
    <message>
        <location filename="../widgets/commbreakdown.cpp" line="221"/>
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
        <location filename="../widgets/gantttheme.cpp" line="48"/>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="50"/>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="52"/>
        <source>weight grad</source>
        <translation>权重梯度</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="54"/>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="56"/>
        <source>send/recv</source>
        <translation>发送/接收</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="58"/>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="60"/>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../widgets/gantttheme.cpp" line="64"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="37"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="39"/>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="41"/>
        <source>chunk %1</source>
        <translation>分块 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="43"/>
        <source>start %1 · duration %2</source>
        <translation>开始 %1 · 时长 %2</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="47"/>
        <source>%1 per transfer</source>
        <translation>每次传输 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="62"/>
        <source>section %1</source>
        <translation>第 %1 部分</translation>
    </message>
    <message>
        <location filename="../widgets/ganttdetails.cpp" line="69"/>
        <source>%1: %2, %3: %4 (%5)</source>
        <translation>%1：%2，%3：%4（%5）</translation>
    </message>
    <message>
        <location filename="../widgets/ganttpainter.cpp" line="28"/>
        <source>No timeline: the plan is not valid, or nothing is loaded.</source>
        <translation>没有时间线：规划无效，或尚未加载。</translation>
    </message>
    <message>
        <location filename="../widgets/ganttpainter.cpp" line="149"/>
        <source>idle %1</source>
        <translation>空闲 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttpainter.cpp" line="288"/>
        <source>%1 across</source>
        <translation>横跨 %1</translation>
    </message>
    <message>
        <location filename="../widgets/ganttpainter.cpp" line="302"/>
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
        <location filename="../widgets/memorybars.cpp" line="100"/>
        <source>Memory per GPU by pipeline stage</source>
        <translation>各流水线阶段的每 GPU 显存</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="101"/>
        <source>GiB per GPU</source>
        <translation>每 GPU GiB</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="102"/>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="117"/>
        <source>MoE experts&apos; share (hatched)</source>
        <translation>MoE 专家部分（斜线）</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="182"/>
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/memorybars.cpp" line="203"/>
        <source>%1
(%n stage(s) over capacity)</source>
        <translation>
            <numerusform>%1
（%n 个阶段超出容量）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="245"/>
        <source>over by %1: %2</source>
        <translation>超出 %1：主要为%2</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="284"/>
        <source>
of which MoE experts: %1, dense: %2</source>
        <translation>
其中 MoE 专家：%1，稠密部分：%2</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="288"/>
        <source>
of which quantized copies (FP8/FP4): %1</source>
        <translation>
其中量化副本（FP8/FP4）：%1</translation>
    </message>
    <message>
        <location filename="../widgets/memorybars.cpp" line="291"/>
        <source>Stage %1 — %2: %3%4
Total %5 of %6; the allocator would reserve about %7
Click for the formula</source>
        <translation>阶段 %1 — %2：%3%4
总计 %5 / %6；分配器约会预留 %7
点击查看公式</translation>
    </message>
</context>
<context>
    <name>plait::widgets::ParetoChart</name>
    <message>
        <location filename="../widgets/paretochart.cpp" line="43"/>
        <source>peak memory per GPU (GiB)</source>
        <translation>每 GPU 峰值显存（GiB）</translation>
    </message>
    <message>
        <location filename="../widgets/paretochart.cpp" line="44"/>
        <source>step (s)</source>
        <translation>单步（秒）</translation>
    </message>
    <message>
        <location filename="../widgets/paretochart.cpp" line="83"/>
        <source>plans that fit (click to apply)</source>
        <translation>放得下的方案（点击应用）</translation>
    </message>
    <message>
        <location filename="../widgets/paretochart.cpp" line="89"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../widgets/paretochart.cpp" line="116"/>
        <source>this plan</source>
        <translation>当前方案</translation>
    </message>
    <message>
        <location filename="../widgets/paretochart.cpp" line="127"/>
        <source>this plan, off the chart: %1 GiB, %2 s</source>
        <translation>当前规划，超出图表范围：%1 GiB，%2 秒</translation>
    </message>
</context>
<context>
    <name>plait::widgets::PlanEditor</name>
    <message>
        <location filename="../widgets/planeditor.cpp" line="92"/>
        <source>framework default</source>
        <translation>框架默认值</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="94"/>
        <source>one node</source>
        <translation>一个节点</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="132"/>
        <location filename="../widgets/planeditor.cpp" line="133"/>
        <location filename="../widgets/planeditor.cpp" line="134"/>
        <location filename="../widgets/planeditor.cpp" line="135"/>
        <location filename="../widgets/planeditor.cpp" line="136"/>
        <location filename="../widgets/planeditor.cpp" line="137"/>
        <location filename="../widgets/planeditor.cpp" line="138"/>
        <location filename="../widgets/planeditor.cpp" line="139"/>
        <location filename="../widgets/planeditor.cpp" line="141"/>
        <location filename="../widgets/planeditor.cpp" line="143"/>
        <location filename="../widgets/planeditor.cpp" line="145"/>
        <location filename="../widgets/planeditor.cpp" line="147"/>
        <location filename="../widgets/planeditor.cpp" line="149"/>
        <location filename="../widgets/planeditor.cpp" line="151"/>
        <location filename="../widgets/planeditor.cpp" line="153"/>
        <location filename="../widgets/planeditor.cpp" line="155"/>
        <location filename="../widgets/planeditor.cpp" line="157"/>
        <location filename="../widgets/planeditor.cpp" line="367"/>
        <location filename="../widgets/planeditor.cpp" line="473"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="132"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="133"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="134"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="135"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="136"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="97"/>
        <location filename="../widgets/planeditor.cpp" line="98"/>
        <location filename="../widgets/planeditor.cpp" line="137"/>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="93"/>
        <source>not stated</source>
        <translation>未给出</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="95"/>
        <location filename="../widgets/planeditor.cpp" line="96"/>
        <source>non-blocking</source>
        <translation>无阻塞</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="99"/>
        <source>dropless</source>
        <translation>不丢弃 token</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="100"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="101"/>
        <location filename="../widgets/planeditor.cpp" line="103"/>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="101"/>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="102"/>
        <source>datasheet TDP</source>
        <translation>数据手册 TDP</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="104"/>
        <source>Llama 3&apos;s rate</source>
        <translation>Llama 3 的故障率</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="105"/>
        <source>10 (MegaScale)</source>
        <translation>10（MegaScale）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="138"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="139"/>
        <source>Routed experts (0: dense)</source>
        <translation>路由专家数（0：稠密）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="141"/>
        <source>Experts per token (top-k)</source>
        <translation>每个 token 的专家数 (top-k)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="143"/>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="145"/>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="147"/>
        <source>Shared expert FFN size</source>
        <translation>共享专家 FFN 维度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="149"/>
        <source>Dense first layers</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="151"/>
        <source>One MoE layer in (after the dense ones)</source>
        <translation>每几层一个 MoE 层（在稠密层之后）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="153"/>
        <source>Its place in each run (0: first)</source>
        <translation>它在每组中的位置（0：第一层）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="155"/>
        <source>Router groups (0: unlimited)</source>
        <translation>路由分组（0：不限）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="157"/>
        <source>Groups per token</source>
        <translation>每个 token 的分组数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="159"/>
        <location filename="../widgets/planeditor.cpp" line="160"/>
        <location filename="../widgets/planeditor.cpp" line="161"/>
        <location filename="../widgets/planeditor.cpp" line="163"/>
        <location filename="../widgets/planeditor.cpp" line="165"/>
        <location filename="../widgets/planeditor.cpp" line="166"/>
        <location filename="../widgets/planeditor.cpp" line="167"/>
        <location filename="../widgets/planeditor.cpp" line="169"/>
        <location filename="../widgets/planeditor.cpp" line="171"/>
        <location filename="../widgets/planeditor.cpp" line="172"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="159"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="160"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="161"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="163"/>
        <source>GPUs per NVLink domain</source>
        <translation>每个 NVLink 域的 GPU 数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="165"/>
        <source>Inside a node</source>
        <translation>节点内互联</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="166"/>
        <source>Between nodes</source>
        <translation>节点间互联</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="167"/>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="169"/>
        <source>Host memory per node (GiB)</source>
        <translation>每节点主机内存（GiB）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="171"/>
        <source>GPUs per pod</source>
        <translation>每个 pod 的 GPU 数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="172"/>
        <source>Oversubscription above a pod (N:1)</source>
        <translation>pod 之上的超额订阅（N:1）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="174"/>
        <location filename="../widgets/planeditor.cpp" line="176"/>
        <location filename="../widgets/planeditor.cpp" line="178"/>
        <location filename="../widgets/planeditor.cpp" line="181"/>
        <location filename="../widgets/planeditor.cpp" line="184"/>
        <location filename="../widgets/planeditor.cpp" line="186"/>
        <location filename="../widgets/planeditor.cpp" line="188"/>
        <location filename="../widgets/planeditor.cpp" line="190"/>
        <location filename="../widgets/planeditor.cpp" line="192"/>
        <location filename="../widgets/planeditor.cpp" line="194"/>
        <location filename="../widgets/planeditor.cpp" line="197"/>
        <location filename="../widgets/planeditor.cpp" line="199"/>
        <location filename="../widgets/planeditor.cpp" line="201"/>
        <location filename="../widgets/planeditor.cpp" line="203"/>
        <location filename="../widgets/planeditor.cpp" line="204"/>
        <location filename="../widgets/planeditor.cpp" line="207"/>
        <location filename="../widgets/planeditor.cpp" line="209"/>
        <location filename="../widgets/planeditor.cpp" line="211"/>
        <location filename="../widgets/planeditor.cpp" line="213"/>
        <location filename="../widgets/planeditor.cpp" line="215"/>
        <location filename="../widgets/planeditor.cpp" line="217"/>
        <location filename="../widgets/planeditor.cpp" line="219"/>
        <location filename="../widgets/planeditor.cpp" line="222"/>
        <location filename="../widgets/planeditor.cpp" line="224"/>
        <source>Recipe</source>
        <translation>训练配置</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="174"/>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="176"/>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="178"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="181"/>
        <source>FP8 scaling</source>
        <translation>FP8 缩放方式</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="184"/>
        <source>FP8 primary weights</source>
        <translation>FP8 主权重</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="186"/>
        <source>Adam moments</source>
        <translation>Adam 动量</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="188"/>
        <source>Master weights and gradients</source>
        <translation>主权重和梯度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="190"/>
        <source>Optimizer in host memory</source>
        <translation>优化器放在主机内存</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="192"/>
        <source>Parameters in host memory</source>
        <translation>参数放在主机内存</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="207"/>
        <source>Unpad around attention (varlen)</source>
        <translation>注意力前后去除填充（varlen）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="456"/>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="458"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="458"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="472"/>
        <source>Model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="479"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="125"/>
        <source>Framework</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="127"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="194"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="197"/>
        <source>Recomputed modules (selective)</source>
        <translation>重计算的模块（选择性）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="199"/>
        <source>Activation input kept in FP8</source>
        <translation>激活函数输入以 FP8 保存</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="201"/>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="203"/>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="204"/>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="209"/>
        <source>Overlap weight gather</source>
        <translation>权重收集与前向重叠</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="211"/>
        <source>Gradient bucket (parameters)</source>
        <translation>梯度桶（参数个数）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="213"/>
        <source>Expert load skew (max / mean)</source>
        <translation>专家负载偏斜（最大 / 平均）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="215"/>
        <source>Expert capacity factor</source>
        <translation>专家容量因子</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="217"/>
        <source>Overlap the all-to-all (combined 1F1B)</source>
        <translation>重叠 all-to-all（combined 1F1B）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="219"/>
        <source>Token dispatcher (MoE)</source>
        <translation>token 分发器（MoE）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="222"/>
        <source>Fused cross entropy</source>
        <translation>融合交叉熵</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="224"/>
        <source>TP overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="226"/>
        <location filename="../widgets/planeditor.cpp" line="227"/>
        <location filename="../widgets/planeditor.cpp" line="228"/>
        <location filename="../widgets/planeditor.cpp" line="230"/>
        <location filename="../widgets/planeditor.cpp" line="231"/>
        <location filename="../widgets/planeditor.cpp" line="232"/>
        <location filename="../widgets/planeditor.cpp" line="234"/>
        <location filename="../widgets/planeditor.cpp" line="236"/>
        <source>Training run</source>
        <translation>训练过程</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="226"/>
        <source>Budget in tokens</source>
        <translation>预算（token 数）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="227"/>
        <source>or in steps</source>
        <translation>或步数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="228"/>
        <source>Price per GPU-hour</source>
        <translation>每 GPU 小时价格</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="230"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="231"/>
        <source>Power per GPU (W)</source>
        <translation>每 GPU 功耗 (W)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="232"/>
        <source>Checkpoint storage (GB/s in all)</source>
        <translation>检查点存储（总 GB/s）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="234"/>
        <source>Failures per GPU-hour</source>
        <translation>每 GPU 小时故障数</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="236"/>
        <source>Restart (minutes)</source>
        <translation>重启（分钟）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="108"/>
        <location filename="../widgets/planeditor.cpp" line="110"/>
        <location filename="../widgets/planeditor.cpp" line="112"/>
        <location filename="../widgets/planeditor.cpp" line="114"/>
        <location filename="../widgets/planeditor.cpp" line="116"/>
        <location filename="../widgets/planeditor.cpp" line="118"/>
        <location filename="../widgets/planeditor.cpp" line="120"/>
        <location filename="../widgets/planeditor.cpp" line="122"/>
        <location filename="../widgets/planeditor.cpp" line="125"/>
        <location filename="../widgets/planeditor.cpp" line="127"/>
        <location filename="../widgets/planeditor.cpp" line="128"/>
        <location filename="../widgets/planeditor.cpp" line="130"/>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="108"/>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行 (TP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="110"/>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行 (PP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="112"/>
        <source>Data parallel (DP)</source>
        <translation>数据并行 (DP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="114"/>
        <source>Context parallel (CP)</source>
        <translation>上下文并行 (CP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="116"/>
        <source>Expert parallel (EP)</source>
        <translation>专家并行 (EP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="118"/>
        <source>Expert tensor parallel (0 = TP)</source>
        <translation>专家张量并行（0 = TP）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="120"/>
        <source>Virtual stages (VPP)</source>
        <translation>虚拟阶段 (VPP)</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="122"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="128"/>
        <source>Embedding counts as a layer</source>
        <translation>嵌入层计为一层</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="130"/>
        <source>Loss counts as a layer</source>
        <translation>损失计为一层</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="299"/>
        <source>the attention core&apos;s score matrix (nothing under flash attention)</source>
        <translation>注意力核心的分数矩阵（flash attention 下不保存）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="300"/>
        <source>the two norms&apos; outputs</source>
        <translation>两个归一化层的输出</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="300"/>
        <source>MLA&apos;s up projections and RoPE: Q, K and V</source>
        <translation>MLA 的上投影与 RoPE：Q、K 和 V</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="301"/>
        <source>the routed experts&apos; activation output</source>
        <translation>路由专家激活函数的输出</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="301"/>
        <source>a dense MLP whole</source>
        <translation>整个稠密 MLP</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="302"/>
        <source>a MoE layer whole, dispatch and combine included</source>
        <translation>整个 MoE 层，包括分发与合并</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="302"/>
        <source>the shared experts whole</source>
        <translation>整个共享专家</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="332"/>
        <source>(custom)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="365"/>
        <source>Import Hugging Face config.json…</source>
        <translation>导入 Hugging Face config.json…</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="433"/>
        <source>no plan</source>
        <translation>无规划</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="526"/>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <location filename="../widgets/planeditor.cpp" line="526"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>plait::widgets::SummaryView</name>
    <message>
        <location filename="../widgets/summaryview.cpp" line="28"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="29"/>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="30"/>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 模型 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="31"/>
        <source>MFU (causal)</source>
        <translation>MFU（因果计数）</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="32"/>
        <source>MFU (Megatron count)</source>
        <translation>MFU（Megatron 计数）</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="33"/>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="34"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="35"/>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="36"/>
        <source>Peak memory per GPU</source>
        <translation>每 GPU 峰值显存</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="48"/>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="49"/>
        <source>Cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="50"/>
        <source>Goodput</source>
        <translation>有效产出率</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="51"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="68"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="120"/>
        <source>%1 Measured on this cluster: %2 of its rates replace the published ones.</source>
        <translation>%1本集群实测的 %2 个速率取代了已发表的值。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="129"/>
        <source>same GPU, framework, attention kernel, weight sharding, pipeline or none, dense or MoE, and 1/%1 to %1 times its GPUs</source>
        <translation>相同的 GPU、框架、注意力内核、权重分片方式、有无流水线、稠密或 MoE，GPU 数为其 1/%1 到 %1 倍</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="133"/>
        <source>No published run among the %1 is like this one (%2): the calibration never saw a plan of this kind.</source>
        <translation>%1 次已发表的运行中没有与此方案相似的（%2）：校准从未见过此类方案。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="138"/>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="142"/>
        <source>Published runs like this one (%1): %2 of %3 (%4; %5 GPUs), too few to say how far off such plans are.</source>
        <translation>与此方案相似的已发表运行（%1）：%3 次中有 %2 次（%4；%5 个 GPU），太少，无法说明此类方案的预测偏差。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="148"/>
        <source>predicted %1 too fast on average</source>
        <translation>平均预测快了 %1</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="149"/>
        <source>predicted %1 too slow on average</source>
        <translation>平均预测慢了 %1</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="150"/>
        <source>Published runs like this one (%1): %2 of %3 (%4; %5 GPUs), %6, cross-validated (mean |error| %7).</source>
        <translation>与此方案相似的已发表运行（%1）：%3 次中有 %2 次（%4；%5 个 GPU），交叉验证中%6（平均 |误差| %7）。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="165"/>
        <source>This plan cannot be evaluated:</source>
        <translation>无法评估此规划：</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="165"/>
        <source>No plan loaded.</source>
        <translation>未加载规划。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="174"/>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="111"/>
        <source>Calibrated for this cluster: its own efficiencies replace the shipped fit.</source>
        <translation>已按此集群校准：其自身的效率取代了随附的拟合。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="112"/>
        <source>Calibrated on %1 published runs (cross-validated error %2).</source>
        <translation>基于 %1 次已发表的运行校准（交叉验证误差 %2）。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="115"/>
        <source>Not calibrated: the unfitted model.</source>
        <translation>未校准：未拟合的模型。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="178"/>
        <source>The range: every uncertain rate at the ends of its published spread (the GEMM rate from the short-burst best to 5% below the sustained one, the slowest GPU of a node; compute beside communication from no slowdown to 40%, the most measured)</source>
        <translation>范围：每个不确定的速率取其公开范围的两端（GEMM 速率从短时峰值到持续速率再低 5%，即节点中最慢的 GPU；与通信重叠的计算从不减速到最多实测的 40%）</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="188"/>
        <source>Model FLOPs with the causal half of the attention matrix, the work a causal model needs, over the step time and the GPUs&apos; dense peak</source>
        <translation>模型 FLOPs 只计注意力矩阵的因果一半（因果模型实际需要的计算），除以单步时间和各 GPU 的稠密峰值</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="191"/>
        <source>Model FLOPs as Megatron-LM counts them (the whole attention matrix), the figure its logs and published tables report</source>
        <translation>按 Megatron-LM 的方式计数的模型 FLOPs（整个注意力矩阵），即其日志和公开表格报告的数值</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="196"/>
        <source>%1 (stage %2); stage %3 idles %4</source>
        <translation>%1（阶段 %2）；阶段 %3 空闲 %4</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="203"/>
        <source>Idle time of the busiest stage (stage %1) in the pipeline phase, over the step: the fill and drain. A stage with less work also idles while it waits for the busiest; the Gantt lanes show each stage&apos;s idle time.</source>
        <translation>最忙阶段（阶段 %1）在流水线阶段的空闲时间占单步的比例：即填充与排空。工作较少的阶段在等待最忙阶段时也会空闲；甘特图的各条泳道显示每个阶段的空闲时间。</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="209"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../widgets/summaryview.cpp" line="228"/>
        <source>No warnings.</source>
        <translation>无警告。</translation>
    </message>
</context>
<context>
    <name>plait::widgets::TopologyView</name>
    <message>
        <location filename="../widgets/topologyview.cpp" line="164"/>
        <source>Fabric: %1, %2 GB/s per NIC per direction (%3% achievable), latency %4 µs; %5 NICs per node</source>
        <translation>网络：%1，每网卡每方向 %2 GB/s（可达 %3%），延迟 %4 µs；每节点 %5 块网卡</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="201"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="207"/>
        <source>s%1 t%2 d%3</source>
        <translation>s%1 t%2 d%3</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="210"/>
        <location filename="../widgets/topologyview.cpp" line="608"/>
        <source>replica %1</source>
        <translation>副本 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="212"/>
        <location filename="../widgets/topologyview.cpp" line="615"/>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="215"/>
        <source>tp rank %1</source>
        <translation>TP rank %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="219"/>
        <source>no experts</source>
        <translation>无专家</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="219"/>
        <source>ep %1 · %2</source>
        <translation>ep %1 · %2</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="349"/>
        <source>GPU %1 (node %2, %3)</source>
        <translation>GPU %1（节点 %2，%3）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="351"/>
        <source>idle: not used by this plan</source>
        <translation>空闲：此规划未使用</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="353"/>
        <source>coordinates: tp %1, cp %2, dp %3, pp %4</source>
        <translation>坐标：tp %1，cp %2，dp %3，pp %4</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="364"/>
        <source>%1 group: GPUs %2 — %3 at %4 GB/s%5</source>
        <translation>%1 组：GPU %2 — %3，%4 GB/s%5</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="368"/>
        <source> (crosses an NVLink domain)</source>
        <translation>（跨越 NVLink 域）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="369"/>
        <source> (crosses a node)</source>
        <translation>（跨节点）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="373"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="374"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="375"/>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="380"/>
        <source>memory: %1 of %2</source>
        <translation>显存：%1 / %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/topologyview.cpp" line="549"/>
        <source>Make TP group (%n GPU(s) selected)</source>
        <translation>
            <numerusform>组成 TP 组（已选 %n 个 GPU）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="551"/>
        <source>Assign to stage</source>
        <translation>分配到阶段</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="555"/>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="557"/>
        <source>Auto-place (default order)</source>
        <translation>自动放置（默认顺序）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="599"/>
        <source>no expert parallelism (ep = 1)</source>
        <translation>无专家并行（ep = 1）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="602"/>
        <source>EP group of %1 GPUs (colours repeat every 8 groups; each holds %2 of %3 experts)</source>
        <translation>%1 个 GPU 的 EP 组（颜色每 8 组重复；每组持有 %3 个专家中的 %2 个）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="610"/>
        <source>… %1 replicas</source>
        <translation>… 共 %1 个副本</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="617"/>
        <source>… %1 stages</source>
        <translation>… 共 %1 个阶段</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="626"/>
        <source>outline: TP group (red dashed: crosses an NVLink domain)</source>
        <translation>轮廓：TP 组（红色虚线：跨越 NVLink 域）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="627"/>
        <source>outline: TP group (red dashed: crosses a node)</source>
        <translation>轮廓：TP 组（红色虚线：跨节点）</translation>
    </message>
    <message>
        <location filename="../widgets/topologyview.cpp" line="653"/>
        <source>Legend ▸</source>
        <translation>图例 ▸</translation>
    </message>
</context>
</TS>
