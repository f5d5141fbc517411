#version 300 es
// The mask strip's quad: two triangles from gl_VertexID (no vertex buffer), covering
// u_rect (x0, y0, x1, y1 in normalised device coordinates). v_cell runs 0..1 across it.
uniform vec4 u_rect;
out vec2 v_cell;
void main() {
    const vec2 corners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0),
                                    vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
    vec2 c = corners[gl_VertexID];
    v_cell = c;
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, c), 0.0, 1.0);
}
