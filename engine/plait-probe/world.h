#pragma once
// The processes of one probe run: one without MPI (it drives every local GPU), or one per GPU under
// mpirun/srun when built with MPI (PLAIT_PROBE_MPI).
#include <cstddef>
#include <string>

namespace plait::probe {

struct World {
    int rank = 0, size = 1;
    int localRank = 0; // among the processes on this machine
    int hosts = 1;
    bool mpi = false;
};

World initWorld(int* argc, char*** argv);
void finalizeWorld(const World& w);
void broadcast(void* data, std::size_t bytes, const World& w); // from rank 0
double maxOverRanks(double v, const World& w);
unsigned long long sumOverRanks(unsigned long long v, const World& w);

} // namespace plait::probe
