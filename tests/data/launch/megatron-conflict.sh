#!/bin/bash
ARGS="--num-layers 32 --hidden-size 4096 --num-attention-heads 32"
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --tensor-model-parallel-size 4 \
    --pipeline-model-parallel-size 2 \
    --micro-batch-size 1 --global-batch-size 64 --bf16 \
    --tensor-model-parallel-size 2
