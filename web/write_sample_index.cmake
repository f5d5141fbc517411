# Writes dist/samples/index.json: the names of the files in assets-sample/, so that the page
# knows which sample to open by default without any server-side listing.
# When assets-sample/ carries its own index.json (tools/make_samples.sh writes one), that one is
# published as it is.
#   cmake -DSAMPLE_DIR=... -DOUT=... -P web/write_sample_index.cmake
if(EXISTS "${SAMPLE_DIR}/index.json")
  configure_file("${SAMPLE_DIR}/index.json" "${OUT}" COPYONLY)
  return()
endif()
file(GLOB samples RELATIVE "${SAMPLE_DIR}" "${SAMPLE_DIR}/*")
list(SORT samples)
set(entries "")
foreach(name ${samples})
  if(IS_DIRECTORY "${SAMPLE_DIR}/${name}" OR name MATCHES "^\\." OR name MATCHES "\\.(md|txt|json)$")
    continue()
  endif()
  if(entries)
    string(APPEND entries ", ")
  endif()
  string(APPEND entries "\"${name}\"")
endforeach()
file(WRITE "${OUT}" "{\"samples\": [${entries}]}\n")
