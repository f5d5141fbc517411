#version 300 es
// The body's colour: the material's colour lit by its normals (no textures: they live in other
// files). Two-sided: a normal facing away from the eye is turned round, so thin cloth and
// single-sided meshes are lit on both faces. A key light from above the camera, a fill from the
// side and an ambient term.
precision highp float;
uniform vec4 u_color;
uniform vec3 u_eye;
in vec3 v_normal;
in vec3 v_world;
out vec4 out_color;
void main() {
    vec3 to_eye = normalize(u_eye - v_world);
    vec3 n = normalize(v_normal);
    if (dot(n, to_eye) < 0.0) n = -n;
    vec3 key = normalize(to_eye + vec3(0.0, 0.6, 0.0));
    vec3 fill = normalize(vec3(-to_eye.z, 0.3, to_eye.x));
    float light = 0.28 + 0.62 * max(dot(n, key), 0.0) + 0.18 * max(dot(n, fill), 0.0);
    float rim = pow(1.0 - max(dot(n, to_eye), 0.0), 3.0) * 0.15;
    out_color = vec4(u_color.rgb * light + vec3(rim), u_color.a);
}
