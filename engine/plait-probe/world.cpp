#include "world.h"

#ifdef PLAIT_PROBE_MPI
#include <mpi.h>

#include <cstdlib>
#endif

namespace plait::probe {

#ifdef PLAIT_PROBE_MPI
namespace {
bool launchedByMpi()
{
    // mpirun (Open MPI, MPICH/PMI) or srun set these; a probe started by hand or by the app runs alone.
    for (const char* v : { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "SLURM_STEP_NUM_TASKS" })
        if (std::getenv(v))
            return true;
    return false;
}
bool g_started = false;
}

World initWorld(int* argc, char*** argv)
{
    World w;
    if (!launchedByMpi())
        return w;
    g_started = true;
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized)
        MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w.size);
    w.mpi = w.size > 1;
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w.rank, MPI_INFO_NULL, &local);
    MPI_Comm_rank(local, &w.localRank);
    // Hosts: count the local leaders.
    int leader = w.localRank == 0 ? 1 : 0;
    MPI_Allreduce(&leader, &w.hosts, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&local);
    return w;
}
void finalizeWorld(const World&)
{
    if (g_started)
        MPI_Finalize();
}
void broadcast(void* data, std::size_t bytes, const World& w)
{
    if (w.mpi)
        MPI_Bcast(data, int(bytes), MPI_BYTE, 0, MPI_COMM_WORLD);
}
double maxOverRanks(double v, const World& w)
{
    double out = v;
    if (w.mpi)
        MPI_Allreduce(&v, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return out;
}
unsigned long long sumOverRanks(unsigned long long v, const World& w)
{
    unsigned long long out = v;
    if (w.mpi)
        MPI_Allreduce(&v, &out, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    return out;
}
#else
World initWorld(int*, char***)
{
    return {};
}
void finalizeWorld(const World&) { }
void broadcast(void*, std::size_t, const World&) { }
double maxOverRanks(double v, const World&)
{
    return v;
}
unsigned long long sumOverRanks(unsigned long long v, const World&)
{
    return v;
}
#endif

} // namespace plait::probe
