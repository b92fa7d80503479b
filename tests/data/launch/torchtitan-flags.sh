#!/bin/bash
NGPU=64
torchrun --nproc_per_node=8 --nnodes=8 -m torchtitan.train \
    --module llama3 --config llama3_70b \
    --parallelism.tensor_parallel_degree 8 \
    --parallelism.pipeline_parallel_degree 4 \
    --parallelism.pipeline_parallel_schedule Interleaved1F1B \
    --parallelism.pipeline_parallel_layers_per_stage 5 \
    --parallelism.pipeline_parallel_microbatch_size 1 \
    --parallelism.data_parallel_shard_degree=-1 \
    --training.local_batch_size 32 \
    --training.global_batch_size 64 \
    --training.seq_len 8192 \
    --activation_checkpoint.mode full
