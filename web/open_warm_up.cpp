#include "open_warm_up.h"

#include <emscripten.h>

#include "loaded_document.h"
#include "sim/animation_imports.h"
#include "sim/document_simulation.h"
#include "timeline_model.h"

namespace taescope::web {

int warm_up_open_path(Bytes file, const TemplateLibrary& templates, double budget_ms) {
    const double start = emscripten_get_now();
    int opens = 0;
    do {
        Result<LoadedDocument> loaded = load_document(file, "warm-up.anibnd.dcx", templates);
        if (!loaded) return opens;
        const Document& doc = loaded->document();
        const AnimationIndex index = AnimationIndex::from_document(doc);
        for (size_t t = 0; t < loaded->tae_file_count(); ++t) {
            const TaeFile* tae = loaded->tae(t);
            if (!tae) continue;
            const GameTemplates* game = t < loaded->info.size() ? loaded->info[t].templates : nullptr;
            for (const TaeAnimation& animation : tae->animations) {
                TimelineModel model = prepare_timeline(animation, game);
                Result<DocumentSimulation> simulated =
                    simulate_animation(index, loaded->tae_entry(t).full_number(animation), game);
                (void)model;
                (void)simulated;
            }
        }
        ++opens;
    } while (emscripten_get_now() - start < budget_ms);
    return opens;
}

}  // namespace taescope::web
