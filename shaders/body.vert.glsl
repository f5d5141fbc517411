#version 300 es
// The character view's body: every vertex skinned on the GPU by up to four bones (section 8 of the
// FLVER spec: p' = sum w_i K(b_i) p, the weights renormalised on the CPU). The skin matrices
// K(b) live in a float texture (RGBA32F), one row per FLVER bone and one texel per matrix
// column: 423+ bones would not fit in uniforms. The last row is the identity, for vertices
// without weights (they keep their bind position).
precision highp float;
precision highp int;
precision highp sampler2D;
uniform mat4 u_view_projection;
uniform vec3 u_offset;  // the root motion at the frame shown (zero with root motion off)
uniform sampler2D u_bones;
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in uvec4 a_joints;
layout(location = 3) in vec4 a_weights;
out vec3 v_normal;
out vec3 v_world;

mat4 skin_matrix(uint bone) {
    int row = int(bone);
    return mat4(texelFetch(u_bones, ivec2(0, row), 0), texelFetch(u_bones, ivec2(1, row), 0),
                texelFetch(u_bones, ivec2(2, row), 0), texelFetch(u_bones, ivec2(3, row), 0));
}

void main() {
    mat4 skin = a_weights.x * skin_matrix(a_joints.x) + a_weights.y * skin_matrix(a_joints.y) +
                a_weights.z * skin_matrix(a_joints.z) + a_weights.w * skin_matrix(a_joints.w);
    vec4 world = skin * vec4(a_position, 1.0);
    world.xyz += u_offset;
    v_world = world.xyz;
    v_normal = mat3(skin) * a_normal;
    gl_Position = u_view_projection * vec4(world.xyz, 1.0);
}
