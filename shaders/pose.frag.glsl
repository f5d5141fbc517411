#version 300 es
// The Pose panel's shapes: lines and bones are filled quads with a soft edge across, joints are
// discs (a ring darker than their centre).
precision mediump float;
in vec4 v_color;
in vec2 v_local;
flat in float v_kind;
out vec4 out_color;
void main() {
    vec4 color = v_color;
    if (v_kind == 1.0) {
        float r = length(v_local);
        if (r > 1.0) discard;
        color.rgb *= r > 0.6 ? 0.6 : 1.0;
    } else if (v_kind == 2.0) {
        color.rgb *= 1.0 - 0.35 * abs(v_local.y);  // rounded look across the bone
    }
    out_color = color;
}
