#version 300 es
// The Pose panel's 3D view: every shape is one instance, a screen-facing quad between two
// model-space points (bones as tapered shapes, the ground grid and the root-motion path as thin
// lines) or centred on one point (joints as discs). The two points are projected with
// u_view_projection, clipped to the near plane, and the quad is widened in pixels, so a line
// stays crisp at any zoom.
uniform mat4 u_view_projection;
uniform vec2 u_viewport;  // the view's size in framebuffer pixels
uniform float u_pixel_scale;  // framebuffer pixels per CSS pixel
uniform vec2 u_fade;  // eye distances where shapes start to darken and are darkest
layout(location = 0) in vec3 a_from;
layout(location = 1) in vec3 a_to;
layout(location = 2) in vec2 a_width;  // CSS pixels at `from` and at `to`
layout(location = 3) in vec4 a_color;
layout(location = 4) in float a_kind;   // 0 line, 1 disc at `from`, 2 bone (tapered, narrowed when short)
layout(location = 5) in vec2 a_corner;  // per vertex: x 0..1 along, y -1..1 across
out vec4 v_color;
out vec2 v_local;
flat out float v_kind;

const float kNear = 1e-3;

void main() {
    vec4 p0 = u_view_projection * vec4(a_from, 1.0);
    vec4 p1 = u_view_projection * vec4(a_kind == 1.0 ? a_from : a_to, 1.0);
    v_color = a_color;
    v_kind = a_kind;
    v_local = vec2(a_corner.x * 2.0 - 1.0, a_corner.y);
    // Both ends behind the camera: nothing to draw. One end behind: cut at the near plane.
    if (p0.w < kNear && p1.w < kNear) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    if (p0.w < kNear) p0 = mix(p0, p1, (kNear - p0.w) / (p1.w - p0.w));
    if (p1.w < kNear) p1 = mix(p1, p0, (kNear - p1.w) / (p0.w - p1.w));
    vec2 s0 = p0.xy / p0.w * 0.5 * u_viewport;
    vec2 s1 = p1.xy / p1.w * 0.5 * u_viewport;
    vec2 widths = a_width * u_pixel_scale;
    vec2 position;
    if (a_kind == 1.0) {
        position = s0 + v_local * widths.x * 0.5;
    } else {
        vec2 along = s1 - s0;
        float length_pixels = length(along);
        vec2 direction = length_pixels > 1e-4 ? along / length_pixels : vec2(1.0, 0.0);
        vec2 across = vec2(-direction.y, direction.x);
        if (a_kind == 2.0) widths = min(widths, vec2(max(length_pixels * 0.35, 2.0 * u_pixel_scale)));
        float half_width = mix(widths.x, widths.y, a_corner.x) * 0.5;
        position = mix(s0, s1, a_corner.x) + across * a_corner.y * half_width;
    }
    // Farther shapes are drawn a little darker (there is no depth buffer: a cue, not a test).
    float eye_distance = mix(p0.w, p1.w, a_corner.x);
    v_color.rgb *= mix(1.0, 0.5, smoothstep(u_fade.x, u_fade.y, eye_distance));
    gl_Position = vec4(position / (0.5 * u_viewport), 0.0, 1.0);
}
