#version 300 es
// Hit shapes: the colour shaded by the surface's slope to a fixed light, so that a capsule reads
// as round; alpha as given (translucent: the body shows through).
precision mediump float;
in vec3 v_normal;
in vec4 v_color;
out vec4 out_color;
void main() {
    vec3 n = normalize(v_normal);
    float light = 0.55 + 0.45 * abs(dot(n, normalize(vec3(0.35, 0.8, 0.45))));
    out_color = vec4(v_color.rgb * light, v_color.a);
}
