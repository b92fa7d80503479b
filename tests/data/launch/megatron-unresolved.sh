#!/bin/bash
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --num-layers 32 --hidden-size 4096 --num-attention-heads 32 \
    --tensor-model-parallel-size $TP \
    --micro-batch-size 1 --global-batch-size 64 --bf16
