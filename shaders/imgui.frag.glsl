#version 300 es
// The vertex colour times the bound texture (the font atlas: white where there is no glyph).
precision mediump float;
uniform sampler2D u_texture;
in vec2 v_uv;
in vec4 v_color;
out vec4 out_color;
void main() {
    out_color = v_color * texture(u_texture, v_uv);
}
