#version 300 es
// The mask strip: 32 rows (mask groups) x frames. u_states is an R8 texture, one texel per
// (frame, group): 0 default, 1 shown, 2 hidden (stored as value / 255). Cells are crisp
// (texelFetch, no filtering); a faint line separates rows when they are tall enough.
precision mediump float;
uniform sampler2D u_states;
uniform vec2 u_grid;          // frames, groups
uniform vec2 u_pixels;        // the strip's size in framebuffer pixels
uniform vec3 u_default_color;
uniform vec3 u_shown_color;
uniform vec3 u_hidden_color;
in vec2 v_cell;
out vec4 out_color;
void main() {
    vec2 cell = v_cell * u_grid;
    ivec2 texel = ivec2(min(floor(cell), u_grid - 1.0));
    float state = texelFetch(u_states, texel, 0).r * 255.0;
    vec3 color = state < 0.5 ? u_default_color : (state < 1.5 ? u_shown_color : u_hidden_color);
    // Row separators: one pixel at each group boundary, when a row is at least 4 pixels tall.
    float row_pixels = u_pixels.y / u_grid.y;
    float in_row = fract(cell.y) * row_pixels;
    if (row_pixels >= 4.0 && in_row < 1.0) color *= 0.55;
    out_color = vec4(color, 1.0);
}
