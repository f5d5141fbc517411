// The query API's view of the game's params (params_model.h), written beside the model:
//   state().params: null without a regulation (nor one on its way), else {phase, file, game,
//     version, summary, error, remembered, decodedIn, workerMs, openMs, variation, variationSource,
//     npcParamRow, variations: [{variation, source, npcParamRows, judgesCovered, judgesTotal}],
//     displayMasks: [32 booleans], displayMasksSource, chain: {events, resolved, misses: {reason: n},
//     milliseconds} | null, notes}
//   state().hitboxes: the hit shapes live at the playhead, [{event (index as stored), type, atkRow,
//     slot, kind, radius, hitType, color, points: [[x, y, z], ...], missing: [dummy ids]}] (model
//     space, no root motion); [] without params or a model.
// The shape is documented in web/page/taescope-page.js too.
#pragma once

#include "json_writer.h"

namespace taescope::web {

class App;

void write_params_json(JsonWriter& json, App& app);
void write_hitboxes_json(JsonWriter& json, App& app);

}  // namespace taescope::web
