// The query API's view of the body (character_view_model.h): state().model and the helpers the
// page's taescope.modelDummies(id), modelMeshScreen(i) and modelDummyScreen(i) answer with.
// The shape is documented in web/page/taescope-page.js.
#pragma once

#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// "pose": null without a document, else the skeleton, the clip and its timing, the frame at the
// playhead (the clip's own frame number, as `taescope pose --frames` counts), or why there is no
// clip; the view's camera and what the mouse is over.
void write_pose_json(JsonWriter& json, App& app);
// "model": null without a model among the files opened, else its status, meshes (with their
// mask and visibility at the playhead), counts, the skinned bounds of the visible meshes (model
// space, no root motion) and what the mouse is over.
void write_model_json(JsonWriter& json, App& app);
// Every dummy whose reference id is `id`, posed at the playhead: [{index, bone, boneName,
// position}] (model space, no root motion); [] without a model.
std::string model_dummies_json(App& app, int id);
// Where the Pose panel drew a point of mesh `mesh` last frame ("[x, y]", canvas CSS pixels: the
// centre of its largest triangle on screen), or of dummy `dummy`; "null" when not drawn.
std::string model_mesh_screen_json(App& app, int mesh);
std::string model_dummy_screen_json(App& app, int dummy);

}  // namespace taescope::web
