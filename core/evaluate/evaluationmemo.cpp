#include "evaluationmemo.h"

namespace plait {

namespace {
// The cluster as groups, paths and op lists read it: the GPU's compute rates aside, which the step range's two ends
// change (range.h) and which only the op costs read, themselves part of a simulation's key.
ClusterSpec withoutComputeRates(ClusterSpec c)
{
    c.gpu.gemmSustainedEfficiency = c.gpu.fp8SustainedEfficiency = c.gpu.overlapSlowdown = c.gpu.kernelFixedUs = 0;
    c.gpu.kernelFixedSource.clear();
    c.gpu.measuredGemms.clear();
    c.gpu.measuredAttention.clear();
    return c;
}
}

bool EvaluationMemo::serves(const Plan& plan)
{
    std::lock_guard lock(m_mutex);
    if (!m_cluster)
        m_cluster = std::make_unique<ClusterSpec>(withoutComputeRates(plan.cluster));
    // Every other field, the pod size and oversubscription the groups read too.
    return *m_cluster == withoutComputeRates(plan.cluster);
}

std::shared_ptr<const GroupSet> EvaluationMemo::groups(const Plan& plan)
{
    auto same = [&plan](const GroupsEntry& e) {
        const ParallelSpec &a = e.plan.parallel, &b = plan.parallel;
        return a.tp == b.tp && a.cp == b.cp && a.dp == b.dp && a.pp == b.pp && a.ep == b.ep && a.etp == b.etp
            && e.plan.placement.coordOf == plan.placement.coordOf;
    };
    {
        std::lock_guard lock(m_mutex);
        for (const auto& entry : m_groups)
            if (same(*entry))
                return { entry, &entry->groups };
    }
    auto entry = std::make_shared<GroupsEntry>();
    entry->plan = plan;
    entry->groups = buildGroups(entry->plan);
    std::lock_guard lock(m_mutex);
    m_groups.push_back(entry);
    if (m_groups.size() > kGroupSetsKept)
        m_groups.pop_front();
    return { entry, &entry->groups };
}

std::shared_ptr<const std::vector<std::vector<Op>>> EvaluationMemo::schedule(const ScheduleShape& shape)
{
    // Generated under the lock: the search's threads ask for the same few shapes at once, and each would otherwise
    // build its own copy of lists of a million ops.
    std::lock_guard lock(m_scheduleMutex);
    for (const auto& [k, ops] : m_schedules)
        if (k == shape)
            return ops;
    auto ops = std::make_shared<const std::vector<std::vector<Op>>>(generateSchedule(shape));
    for (const auto& device : *ops)
        m_opsKept += device.size();
    m_schedules.emplace_back(shape, ops);
    while (m_opsKept > kOpsKept && m_schedules.size() > 1) {
        for (const auto& device : *m_schedules.front().second)
            m_opsKept -= device.size();
        m_schedules.pop_front();
    }
    return ops;
}

std::shared_ptr<const SimResult> EvaluationMemo::simulation(const ScheduleShape& shape, const SimInput& in)
{
    std::vector<double> numbers;
    for (const auto& device : in.cost)
        for (const ChunkCost& c : device)
            numbers.insert(numbers.end(), { c.forward, c.recompute, c.backwardInput, c.backwardWeight });
    numbers.insert(numbers.end(), in.sendForward.begin(), in.sendForward.end());
    numbers.insert(numbers.end(), in.sendBackward.begin(), in.sendBackward.end());
    for (const auto& device : in.comm) // what overlapped ops hide of each other
        for (const ChunkCost& c : device)
            numbers.insert(numbers.end(), { c.forward, c.recompute, c.backwardInput, c.backwardWeight });
    for (const auto& device : in.moeMlp)
        for (const ChunkCost& c : device)
            numbers.insert(numbers.end(), { c.forward, c.recompute, c.backwardInput, c.backwardWeight });
    numbers.push_back(in.pairSlowdown);
    SimKey key { int(shape.schedule), shape.stages, shape.microBatches, shape.chunks, shape.recompute, shape.combined,
        std::move(numbers) };
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_simulations.find(key); it != m_simulations.end())
            return it->second;
    }
    SimOptions options;
    options.recordEvents = false;
    auto result = std::make_shared<const SimResult>(simulate(in, options));
    std::lock_guard lock(m_mutex);
    return m_simulations.emplace(std::move(key), std::move(result)).first->second;
}

} // namespace plait
