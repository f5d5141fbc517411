# Turns every shaders/*.glsl into a raw string literal `kShader_<name>` in one header.
file(GLOB shaders "${SHADER_DIR}/*.glsl")
set(content "// Generated from shaders/*.glsl by tools/embed_shaders.cmake. Do not edit.\n#pragma once\n")
foreach(path ${shaders})
  get_filename_component(name ${path} NAME_WLE)  # mask_strip.vert.glsl -> kShader_mask_strip_vert
  string(MAKE_C_IDENTIFIER ${name} ident)
  file(READ ${path} text)
  string(APPEND content "inline constexpr const char* kShader_${ident} = R\"glsl(${text})glsl\";\n")
endforeach()
file(WRITE ${OUT} "${content}")
