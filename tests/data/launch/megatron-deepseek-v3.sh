#!/bin/bash
# A DeepSeek-V3-shaped pretraining launch for Megatron-LM, written for Plait's tests: 61 layers, MLA,
# 256 routed experts (top-8) with one shared expert, the first three layers dense; PP 16 x EP 64 on 256 nodes.
NODES=${NODES:-256}
MODEL=(
    --num-layers 61 --hidden-size 7168 --ffn-hidden-size 18432
    --num-attention-heads 128 --kv-channels 128
    --multi-latent-attention --q-lora-rank 1536 --kv-lora-rank 512
    --qk-head-dim 128 --qk-pos-emb-head-dim 64 --v-head-dim 128
    --swiglu --normalization RMSNorm --position-embedding-type rope
    --untie-embeddings-and-output-weights --disable-bias-linear --attention-dropout 0.0 --hidden-dropout 0.0
    --seq-length 4096 --max-position-embeddings 4096 --vocab-size 129280
)
MOE=(
    --num-experts 256 --moe-router-topk 8 --moe-ffn-hidden-size 2048
    --moe-shared-expert-intermediate-size 2048
    --moe-layer-freq "([0]*3+[1]*58)"
    --moe-grouped-gemm --moe-router-num-groups 8 --moe-router-group-topk 4
    --mtp-num-layers 1
)
PARALLEL=(
    --tensor-model-parallel-size 1 --pipeline-model-parallel-size 16
    --pipeline-model-parallel-layout "Et*3|(tttt|)*14,ttmL"
    --expert-model-parallel-size 64
    --micro-batch-size 1 --global-batch-size 15360 --bf16 --use-distributed-optimizer
    --recompute-granularity selective
)
torchrun --nnodes "$NODES" --nproc-per-node 8 pretrain_gpt.py "${MODEL[@]}" "${MOE[@]}" "${PARALLEL[@]}"
