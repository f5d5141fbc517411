#version 300 es
// The character view's hit shapes (capsules and spheres of the attacks live at the playhead):
// triangles built on the CPU each frame in model space (hitbox_renderer.cpp), moved by the root
// motion with the body, in the colour the spec gives each hit (translucent).
precision highp float;
uniform mat4 u_view_projection;
uniform vec3 u_offset;  // the root motion at the frame shown (zero with root motion off)
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
out vec3 v_normal;
out vec4 v_color;
void main() {
    v_normal = a_normal;
    v_color = a_color;
    gl_Position = u_view_projection * vec4(a_position + u_offset, 1.0);
}
