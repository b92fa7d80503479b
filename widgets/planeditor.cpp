#include "planeditor.h"

#include "planedit.h"

#include <cmath>

#include "model.h"
#include "translatedtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace plait::widgets {

struct PlanEditor::Field {
    QString path; // dotted path in the plan document
    QString label; // as the form shows it, for the undo entry
    QWidget* editor = nullptr;
    QLabel* problem = nullptr;
};

namespace {
// The value at a plan file path ("training.zero_stage"), or null when the file has none.
const nlohmann::json* at(const nlohmann::json& j, const QString& path)
{
    const nlohmann::json* p = &j;
    for (const QString& part : path.split(QLatin1Char('.'))) {
        const std::string key = part.toStdString();
        if (!p->is_object() || !p->contains(key))
            return nullptr;
        p = &(*p)[key];
    }
    return p;
}

QStringList choicesOf(const QString& path, const Catalog& catalog)
{
    QStringList c;
    if (path == QLatin1String("cluster.gpu"))
        for (const auto& g : catalog.gpus)
            c << QString::fromStdString(g.id);
    else if (path == QLatin1String("cluster.intra_node") || path == QLatin1String("cluster.inter_node"))
        for (const auto& l : catalog.links)
            if (l.intraNode == (path == QLatin1String("cluster.intra_node")))
                c << QString::fromStdString(l.id);
    return c;
}
}

PlanEditor::PlanEditor(const Catalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
{
    build();
}

PlanEditor::~PlanEditor()
{
    qDeleteAll(m_fields);
}

void PlanEditor::build()
{
    auto* outer = new QVBoxLayout(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* body = new QWidget(scroll);
    auto* layout = new QVBoxLayout(body);
    scroll->setWidget(body);
    m_problems = new QLabel(body);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c0392b;"));

    struct Spec {
        QString group, path, label, kind; // kind: int, bool, choice, preset, modules
        QStringList choices;
        int min = 1, max = 1 << 20;
    };
    // Shown while an optional number is unset: what applies then.
    const QMap<QString, QString> placeholders { { QStringLiteral("training.bucket_size"), tr("framework default") },
        { QStringLiteral("cluster.host_memory_GiB"), tr("not stated") },
        { QStringLiteral("cluster.nvlink_domain_gpus"), tr("one node") },
        { QStringLiteral("cluster.pod_gpus"), tr("non-blocking") },
        { QStringLiteral("cluster.oversubscription"), tr("non-blocking") },
        { QStringLiteral("model.moe.expert_ffn_hidden"), tr("FFN size") },
        { QStringLiteral("model.moe.shared_ffn_hidden"), tr("FFN size") },
        { QStringLiteral("training.moe_capacity_factor"), tr("dropless") },
        { QStringLiteral("run.tokens"), tr("none") }, { QStringLiteral("run.steps"), tr("none") },
        { QStringLiteral("run.price_per_gpu_hour"), tr("not set") }, { QStringLiteral("run.currency"), tr("USD") },
        { QStringLiteral("run.gpu_power_W"), tr("datasheet TDP") },
        { QStringLiteral("run.storage_write_GBps"), tr("not set") },
        { QStringLiteral("run.failures_per_gpu_hour"), tr("Llama 3's rate") },
        { QStringLiteral("run.restart_min"), tr("10 (MegaScale)") } };
    const QList<Spec> specs = {
        // The sizes, the schedule and the framework first: what a planner changes most.
        { tr("Parallelism"), QStringLiteral("parallel.tp"), tr("Tensor parallel (TP)"), QStringLiteral("int"), {}, 1,
            131072 },
        { tr("Parallelism"), QStringLiteral("parallel.pp"), tr("Pipeline parallel (PP)"), QStringLiteral("int"), {}, 1,
            131072 },
        { tr("Parallelism"), QStringLiteral("parallel.dp"), tr("Data parallel (DP)"), QStringLiteral("int"), {}, 1,
            131072 },
        { tr("Parallelism"), QStringLiteral("parallel.cp"), tr("Context parallel (CP)"), QStringLiteral("int"), {}, 1,
            131072 },
        { tr("Parallelism"), QStringLiteral("parallel.ep"), tr("Expert parallel (EP)"), QStringLiteral("int"), {}, 1,
            131072 },
        { tr("Parallelism"), QStringLiteral("parallel.etp"), tr("Expert tensor parallel (0 = TP)"),
            QStringLiteral("int"), {}, 0, 131072 },
        { tr("Parallelism"), QStringLiteral("parallel.vpp"), tr("Virtual stages (VPP)"), QStringLiteral("int"), {}, 1,
            1024 },
        { tr("Parallelism"), QStringLiteral("parallel.schedule"), tr("Schedule"), QStringLiteral("choice"),
            { QStringLiteral("gpipe"), QStringLiteral("1f1b"), QStringLiteral("interleaved"), QStringLiteral("zb-h1"),
                QStringLiteral("zb-v"), QStringLiteral("dualpipev"), QStringLiteral("dualpipe") } },
        { tr("Parallelism"), QStringLiteral("training.framework"), tr("Framework"), QStringLiteral("choice"),
            { QStringLiteral("megatron"), QStringLiteral("deepspeed"), QStringLiteral("fsdp") } },
        { tr("Parallelism"), QStringLiteral("training.zero_stage"), tr("ZeRO stage"), QStringLiteral("int"), {}, 0, 3 },
        { tr("Parallelism"), QStringLiteral("parallel.embedding_in_split"), tr("Embedding counts as a layer"),
            QStringLiteral("bool"), {} },
        { tr("Parallelism"), QStringLiteral("parallel.loss_in_split"), tr("Loss counts as a layer"),
            QStringLiteral("bool"), {} },
        { tr("Model"), QStringLiteral("model.preset"), tr("Preset"), QStringLiteral("preset"), {} },
        { tr("Model"), QStringLiteral("model.layers"), tr("Layers"), QStringLiteral("int"), {}, 1, 100000 },
        { tr("Model"), QStringLiteral("model.hidden"), tr("Hidden size"), QStringLiteral("int"), {}, 1, 1 << 20 },
        { tr("Model"), QStringLiteral("model.heads"), tr("Attention heads"), QStringLiteral("int"), {}, 1, 65536 },
        { tr("Model"), QStringLiteral("model.kv_heads"), tr("KV heads"), QStringLiteral("int"), {}, 1, 65536 },
        { tr("Model"), QStringLiteral("model.ffn_hidden"), tr("FFN size"), QStringLiteral("int"), {}, 1, 1 << 24 },
        { tr("Model"), QStringLiteral("model.seq_len"), tr("Sequence length"), QStringLiteral("int"), {}, 1, 1 << 24 },
        { tr("Model"), QStringLiteral("model.moe.experts"), tr("Routed experts (0: dense)"), QStringLiteral("int"), {},
            0, 65536 },
        { tr("Model"), QStringLiteral("model.moe.top_k"), tr("Experts per token (top-k)"), QStringLiteral("int"), {}, 0,
            65536 },
        { tr("Model"), QStringLiteral("model.moe.expert_ffn_hidden"), tr("Expert FFN size"), QStringLiteral("int"), {},
            0, 1 << 24 },
        { tr("Model"), QStringLiteral("model.moe.shared_experts"), tr("Shared experts"), QStringLiteral("int"), {}, 0,
            1024 },
        { tr("Model"), QStringLiteral("model.moe.shared_ffn_hidden"), tr("Shared expert FFN size"),
            QStringLiteral("int"), {}, 0, 1 << 24 },
        { tr("Model"), QStringLiteral("model.moe.dense_layers"), tr("Dense first layers"), QStringLiteral("int"), {}, 0,
            100000 },
        { tr("Model"), QStringLiteral("model.moe.every"), tr("One MoE layer in (after the dense ones)"),
            QStringLiteral("int"), {}, 1, 100000 },
        { tr("Model"), QStringLiteral("model.moe.phase"), tr("Its place in each run (0: first)"), QStringLiteral("int"),
            {}, 0, 100000 },
        { tr("Model"), QStringLiteral("model.moe.router_groups"), tr("Router groups (0: unlimited)"),
            QStringLiteral("int"), {}, 0, 65536 },
        { tr("Model"), QStringLiteral("model.moe.router_group_top_k"), tr("Groups per token"), QStringLiteral("int"),
            {}, 0, 65536 },
        { tr("Cluster"), QStringLiteral("cluster.gpu"), tr("GPU"), QStringLiteral("choice"), {} },
        { tr("Cluster"), QStringLiteral("cluster.nodes"), tr("Nodes"), QStringLiteral("int"), {}, 1, 131072 },
        { tr("Cluster"), QStringLiteral("cluster.gpus_per_node"), tr("GPUs per node"), QStringLiteral("int"), {}, 1,
            1024 },
        { tr("Cluster"), QStringLiteral("cluster.nvlink_domain_gpus"), tr("GPUs per NVLink domain"),
            QStringLiteral("int"), {}, 0, 131072 },
        { tr("Cluster"), QStringLiteral("cluster.intra_node"), tr("Inside a node"), QStringLiteral("choice"), {} },
        { tr("Cluster"), QStringLiteral("cluster.inter_node"), tr("Between nodes"), QStringLiteral("choice"), {} },
        { tr("Cluster"), QStringLiteral("cluster.nics_per_node"), tr("NICs per node"), QStringLiteral("int"), {}, 1,
            1024 },
        { tr("Cluster"), QStringLiteral("cluster.host_memory_GiB"), tr("Host memory per node (GiB)"),
            QStringLiteral("int"), {}, 0, 1 << 20 },
        { tr("Cluster"), QStringLiteral("cluster.pod_gpus"), tr("GPUs per pod"), QStringLiteral("int"), {}, 0, 131072 },
        { tr("Cluster"), QStringLiteral("cluster.oversubscription"), tr("Oversubscription above a pod (N:1)"),
            QStringLiteral("int"), {}, 1, 1000 },
        { tr("Recipe"), QStringLiteral("training.global_batch"), tr("Global batch"), QStringLiteral("int"), {}, 1,
            1 << 30 },
        { tr("Recipe"), QStringLiteral("training.micro_batch"), tr("Micro-batch"), QStringLiteral("int"), {}, 1,
            1 << 20 },
        { tr("Recipe"), QStringLiteral("training.precision"), tr("Precision"), QStringLiteral("choice"),
            { QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("fp8"), QStringLiteral("fp32"),
                QStringLiteral("fp4") } },
        { tr("Recipe"), QStringLiteral("training.fp8_recipe"), tr("FP8 scaling"), QStringLiteral("choice"),
            { QStringLiteral("delayed"), QStringLiteral("tensorwise"), QStringLiteral("rowwise"),
                QStringLiteral("blockwise"), QStringLiteral("mxfp8") } },
        { tr("Recipe"), QStringLiteral("training.fp8_param_gather"), tr("FP8 primary weights"), QStringLiteral("bool"),
            {} },
        { tr("Recipe"), QStringLiteral("training.optimizer_moments"), tr("Adam moments"), QStringLiteral("choice"),
            { QStringLiteral("fp32"), QStringLiteral("bf16") } },
        { tr("Recipe"), QStringLiteral("training.master_weights"), tr("Master weights and gradients"),
            QStringLiteral("choice"), { QStringLiteral("fp32"), QStringLiteral("bf16") } },
        { tr("Recipe"), QStringLiteral("training.offload_optimizer"), tr("Optimizer in host memory"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.offload_params"), tr("Parameters in host memory"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.recompute"), tr("Recomputation"), QStringLiteral("choice"),
            { QStringLiteral("none"), QStringLiteral("selective"), QStringLiteral("full"),
                QStringLiteral("selective_op") } },
        { tr("Recipe"), QStringLiteral("training.recompute_modules"), tr("Recomputed modules (selective)"),
            QStringLiteral("modules"), {} },
        { tr("Recipe"), QStringLiteral("training.activation_fp8_input"), tr("Activation input kept in FP8"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.sequence_parallel"), tr("Sequence parallel"), QStringLiteral("bool"),
            {} },
        { tr("Recipe"), QStringLiteral("training.flash_attention"), tr("Flash attention"), QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.attention_kernel"), tr("Attention kernel"), QStringLiteral("choice"),
            { QStringLiteral("auto"), QStringLiteral("flash1"), QStringLiteral("triton"), QStringLiteral("flash2"),
                QStringLiteral("flash3"), QStringLiteral("cudnn"), QStringLiteral("flash-triton") } },
        { tr("Recipe"), QStringLiteral("training.attention_unpad"), tr("Unpad around attention (varlen)"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.overlap_param_gather"), tr("Overlap weight gather"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.bucket_size"), tr("Gradient bucket (parameters)"),
            QStringLiteral("int"), {}, 0, 1 << 30 },
        { tr("Recipe"), QStringLiteral("training.moe_load_skew"), tr("Expert load skew (max / mean)"),
            QStringLiteral("int"), {}, 1, 1000 },
        { tr("Recipe"), QStringLiteral("training.moe_capacity_factor"), tr("Expert capacity factor"),
            QStringLiteral("int"), {}, 0, 1000 },
        { tr("Recipe"), QStringLiteral("training.moe_a2a_overlap"), tr("Overlap the all-to-all (combined 1F1B)"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.moe_dispatcher"), tr("Token dispatcher (MoE)"),
            QStringLiteral("choice"),
            { QStringLiteral("alltoall"), QStringLiteral("allgather"), QStringLiteral("flex") } },
        { tr("Recipe"), QStringLiteral("training.fused_cross_entropy"), tr("Fused cross entropy"),
            QStringLiteral("bool"), {} },
        { tr("Recipe"), QStringLiteral("training.tp_overlap"), tr("TP overlap"), QStringLiteral("choice"),
            { QStringLiteral("none"), QStringLiteral("backward"), QStringLiteral("all") } },
        { tr("Training run"), QStringLiteral("run.tokens"), tr("Budget in tokens"), QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.steps"), tr("or in steps"), QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.price_per_gpu_hour"), tr("Price per GPU-hour"), QStringLiteral("int"),
            {} },
        { tr("Training run"), QStringLiteral("run.currency"), tr("Currency"), QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.gpu_power_W"), tr("Power per GPU (W)"), QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.storage_write_GBps"), tr("Checkpoint storage (GB/s in all)"),
            QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.failures_per_gpu_hour"), tr("Failures per GPU-hour"),
            QStringLiteral("int"), {} },
        { tr("Training run"), QStringLiteral("run.restart_min"), tr("Restart (minutes)"), QStringLiteral("int"), {} },
    };
    QMap<QString, QFormLayout*> forms;
    for (const Spec& spec : specs) {
        if (!forms.contains(spec.group)) {
            // A section folds under its header; the training run's budget and prices start folded.
            const bool open = spec.path.section(QLatin1Char('.'), 0, 0) != QLatin1String("run");
            auto* header = new QToolButton(body);
            header->setObjectName(QStringLiteral("section.") + spec.path.section(QLatin1Char('.'), 0, 0));
            header->setText(spec.group);
            header->setCheckable(true);
            header->setChecked(open);
            header->setAutoRaise(true);
            header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
            header->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
            header->setStyleSheet(QStringLiteral("QToolButton { font-weight: bold; }"));
            auto* box = new QWidget(body);
            box->setVisible(open);
            auto* form = new QFormLayout(box);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            connect(header, &QToolButton::toggled, box, [box, header](bool shown) {
                box->setVisible(shown);
                header->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
            });
            layout->addWidget(header);
            layout->addWidget(box);
            forms[spec.group] = form;
        }
        auto* field = new Field;
        field->path = spec.path;
        field->label = spec.label;
        const QString path = spec.path;
        if (spec.kind == QLatin1String("int")) {
            // A plain text field: whatever is typed goes to core, which says why "abc" or "0" cannot be (a spin
            // box would swallow them without a word).
            auto* box = new QLineEdit(body);
            box->installEventFilter(this);
            box->setPlaceholderText(placeholders.value(path));
            const bool optional = placeholders.contains(path);
            connect(box, &QLineEdit::editingFinished, this, [this, path, box, optional] {
                if (m_updating || !box->isModified())
                    return;
                box->setModified(false);
                const QString text = box->text().trimmed();
                if (optional && text.isEmpty()) {
                    applyEdit(path, nullptr); // back to what applies unset
                    return;
                }
                // Whole numbers as integers; 2.5 or 5e8 as numbers, for core to accept or to say why not.
                bool whole = false, number = false;
                const long long v = text.toLongLong(&whole);
                const double d = text.toDouble(&number);
                applyEdit(path,
                    whole                            ? nlohmann::json(v)
                        : number && std::isfinite(d) ? nlohmann::json(d)
                                                     : nlohmann::json(text.toStdString()));
            });
            field->editor = box;
        } else if (spec.kind == QLatin1String("modules")) {
            // One box per Megatron-Core module name (the plan file's and --recompute-modules' spelling).
            auto* box = new QWidget(body);
            auto* grid = new QGridLayout(box);
            grid->setContentsMargins(0, 0, 0, 0);
            const QString tips[] = { tr("the attention core's score matrix (nothing under flash attention)"),
                tr("the two norms' outputs"), tr("MLA's up projections and RoPE: Q, K and V"),
                tr("the routed experts' activation output"), tr("a dense MLP whole"),
                tr("a MoE layer whole, dispatch and combine included"), tr("the shared experts whole") };
            int i = 0;
            for (RecomputeModule m : kRecomputeModules) {
                auto* check = new QCheckBox(QString::fromLatin1(recomputeModuleName(m)), box);
                check->setObjectName(QString::fromLatin1(recomputeModuleName(m)));
                check->setToolTip(tips[i]);
                grid->addWidget(check, i / 2, i % 2);
                ++i;
                connect(check, &QCheckBox::toggled, this, [this, path, box] {
                    if (m_updating)
                        return;
                    nlohmann::json list = nlohmann::json::array();
                    for (RecomputeModule each : kRecomputeModules)
                        if (const auto* c = box->findChild<QCheckBox*>(QString::fromLatin1(recomputeModuleName(each)));
                            c && c->isChecked())
                            list.push_back(recomputeModuleName(each));
                    applyEdit(path, list);
                });
            }
            field->editor = box;
        } else if (spec.kind == QLatin1String("bool")) {
            auto* box = new QCheckBox(body);
            connect(box, &QCheckBox::toggled, this, [this, path](bool v) {
                if (!m_updating)
                    applyEdit(path, v);
            });
            field->editor = box;
        } else {
            auto* box = new QComboBox(body);
            if (spec.kind == QLatin1String("preset")) {
                box->addItem(tr("(custom)"), QString());
                for (const auto& p : modelPresets())
                    box->addItem(QString::fromStdString(p.model.name.empty() ? p.id : p.model.name),
                        QString::fromStdString(p.id));
            } else {
                for (const QString& c : spec.choices.isEmpty() ? choicesOf(path, m_catalog) : spec.choices)
                    box->addItem(c, c);
            }
            connect(box, &QComboBox::activated, this, [this, path, box](int i) {
                const QString v = box->itemData(i).toString();
                if (path == QLatin1String("model.preset")) {
                    if (!v.isEmpty())
                        applyEdit(QStringLiteral("model"), nlohmann::json { { "preset", v.toStdString() } });
                } else {
                    applyEdit(path, v.toStdString());
                }
            });
            field->editor = box;
        }
        field->editor->setObjectName(path);
        field->problem = new QLabel(body);
        field->problem->setWordWrap(true);
        field->problem->setStyleSheet(QStringLiteral("color: #c0392b; font-size: 9pt;"));
        field->problem->hide();
        auto* cell = new QWidget(body);
        auto* v = new QVBoxLayout(cell);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(1);
        v->addWidget(field->editor);
        v->addWidget(field->problem);
        forms[spec.group]->addRow(spec.label, cell);
        m_fields << field;
    }
    auto* import = new QPushButton(tr("Import Hugging Face config.json…"), body);
    connect(import, &QPushButton::clicked, this, &PlanEditor::importHfConfig);
    forms[tr("Model")]->addRow(import);
    layout->addWidget(m_problems);
    layout->addStretch();
}

void PlanEditor::setPlan(const Plan& plan)
{
    m_plan = plan;
    m_hasPlan = true;
    refreshValues();
    showProblems(validate(plan));
}

void PlanEditor::refreshValues()
{
    m_updating = true;
    const nlohmann::json doc = toJson(m_plan);
    nlohmann::json expanded = doc;
    expanded["model"] = toJson(m_plan.model); // show the shape even when the plan names a preset
    for (Field* f : std::as_const(m_fields)) {
        if (f->path == QLatin1String("model.preset")) {
            auto* box = static_cast<QComboBox*>(f->editor);
            const bool preset = doc["model"].contains("preset");
            box->setCurrentIndex(preset
                    ? std::max(0, box->findData(QString::fromStdString(doc["model"]["preset"].get<std::string>())))
                    : 0);
            continue;
        }
        if (f->path == QLatin1String("training.recompute_modules")) {
            // Absent: Megatron-Core's default, the core attention alone.
            const unsigned modules = m_plan.training.recomputeModules;
            for (RecomputeModule m : kRecomputeModules)
                if (auto* c = f->editor->findChild<QCheckBox*>(QString::fromLatin1(recomputeModuleName(m))))
                    c->setChecked((modules & unsigned(m)) != 0);
            f->editor->setEnabled(m_plan.training.recompute == Recompute::Selective);
            continue;
        }
        if (f->path == QLatin1String("training.fused_cross_entropy")) {
            // Unstated: the framework's default, shown as it applies.
            static_cast<QCheckBox*>(f->editor)->setChecked(m_plan.training.fusedCrossEntropy());
            continue;
        }
        const nlohmann::json* v = at(expanded, f->path);
        if (!v || v->is_null()) {
            // An unset optional field shows its placeholder, not the last plan's value.
            if (auto* line = qobject_cast<QLineEdit*>(f->editor); line && !line->placeholderText().isEmpty())
                line->clear();
            if (auto* check = qobject_cast<QCheckBox*>(f->editor)) // written only when set
                check->setChecked(false);
            continue;
        }
        if (auto* line = qobject_cast<QLineEdit*>(f->editor); line && v->is_number())
            line->setText(QString::fromStdString(v->dump()));
        else if (line && v->is_string()) // the run's currency
            line->setText(QString::fromStdString(v->get<std::string>()));
        else if (auto* check = qobject_cast<QCheckBox*>(f->editor); check && v->is_boolean())
            check->setChecked(v->get<bool>());
        else if (auto* combo = qobject_cast<QComboBox*>(f->editor); combo && v->is_string())
            combo->setCurrentIndex(combo->findData(QString::fromStdString(v->get<std::string>())));
    }
    m_updating = false;
}

QStringList PlanEditor::applyEdit(const QString& path, const nlohmann::json& value)
{
    if (!m_hasPlan)
        return { tr("no plan") };
    const QString description = editDescription(path, value);
    // Core's edit rules: a preset's shape written out once edited, the default placement after new sizes.
    auto plan = withField(m_plan, path.toStdString(), value, m_catalog);
    std::vector<Issue> issues = plan ? validate(plan.value()) : plan.errors();
    showProblems(issues, path);
    QStringList problems;
    for (const Issue& i : issues)
        problems << issueText(i);
    if (plan) {
        // A plan that reads but does not validate is still shown (the summary explains it); it can be undone.
        m_plan = plan.value();
        emit planEdited(m_plan, description);
    }
    // A plan that does not read leaves the document as it was; the field keeps what was typed, with the reason
    // under it, until it is corrected (or the document changes).
    return problems;
}

QString PlanEditor::editDescription(const QString& path, const nlohmann::json& value) const
{
    auto text = [](const nlohmann::json* v) {
        if (!v || v->is_null())
            return tr("unset");
        if (v->is_boolean())
            return v->get<bool>() ? tr("on") : tr("off");
        if (v->is_string())
            return QString::fromStdString(v->get<std::string>());
        if (v->is_array()) {
            QStringList items;
            for (const auto& x : *v)
                items << (x.is_string() ? QString::fromStdString(x.get<std::string>())
                                        : QString::fromStdString(x.dump()));
            return items.join(QStringLiteral(", "));
        }
        return QString::fromStdString(v->dump());
    };
    if (path == QLatin1String("model"))
        return value.contains("preset")
            ? tr("Model %1").arg(QString::fromStdString(value["preset"].dump()).remove(QLatin1Char('"')))
            : tr("Model");
    nlohmann::json doc = toJson(m_plan);
    doc["model"] = toJson(m_plan.model);
    const nlohmann::json* before = at(doc, path);
    const auto field = std::find_if(m_fields.begin(), m_fields.end(), [&](const Field* f) { return f->path == path; });
    const QString label = field != m_fields.end() ? (*field)->label : path;
    return tr("%1 %2 → %3").arg(label, text(before), text(&value));
}

void PlanEditor::showProblems(const std::vector<Issue>& issues, const QString& edited)
{
    // An issue sits under its own field; one about a whole block ("parallel": more GPUs than the cluster has) or
    // the whole plan sits under the field just edited, since that edit caused it; the rest below the form.
    auto fieldOf = [&](const Issue& i) -> QString {
        const QString field = QString::fromStdString(i.field);
        if (std::any_of(m_fields.begin(), m_fields.end(), [&](const Field* f) { return f->path == field; }))
            return field;
        if (!edited.isEmpty() && (field.isEmpty() || edited.startsWith(field + QLatin1Char('.'))))
            return edited;
        return {};
    };
    QStringList general;
    for (Field* f : std::as_const(m_fields)) {
        QStringList mine;
        for (const Issue& i : issues)
            if (fieldOf(i) == f->path)
                mine << (QString::fromStdString(i.field) == f->path ? issueMessage(i) : issueText(i));
        f->problem->setText(mine.join(QLatin1Char('\n')));
        f->problem->setVisible(!mine.isEmpty());
    }
    for (const Issue& i : issues) {
        const QString field = QString::fromStdString(i.field);
        if (fieldOf(i).isEmpty())
            general << issueText(i);
    }
    m_problems->setText(general.join(QLatin1Char('\n')));
    m_problems->setVisible(!general.isEmpty());
}

QString PlanEditor::problemText() const
{
    QStringList all;
    for (const Field* f : m_fields)
        if (!f->problem->isHidden())
            all << f->path + QStringLiteral(": ") + f->problem->text();
    if (!m_problems->isHidden())
        all << m_problems->text();
    return all.join(QLatin1Char('\n'));
}

void PlanEditor::importHfConfig()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"), QString(), tr("JSON (*.json)"));
    if (!path.isEmpty())
        emit hfConfigChosen(path); // the window's importer, the one File → Import and the CLI use
}

bool PlanEditor::eventFilter(QObject* watched, QEvent* event)
{
    // A line edit takes Ctrl+Z for its own typing; with nothing typed, the plan's undo answers instead.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        auto* line = qobject_cast<QLineEdit*>(watched);
        if (line && !line->isModified() && (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace plait::widgets
