# Sources of the further policies (docs/POLICIES.md): pdom-hws, dwf, en-dwf, dwf-hws,
# en-dwf-hws, stackless, ukernel, mimd, serial, and their shared helpers.
list(APPEND SIMT_POLICY_SOURCES
     ${CMAKE_CURRENT_SOURCE_DIR}/reconv.c
     ${CMAKE_CURRENT_SOURCE_DIR}/squeeze.c
     ${CMAKE_CURRENT_SOURCE_DIR}/hws.c
     ${CMAKE_CURRENT_SOURCE_DIR}/dwf.c
     ${CMAKE_CURRENT_SOURCE_DIR}/stackless.c
     ${CMAKE_CURRENT_SOURCE_DIR}/ukernel.c
     ${CMAKE_CURRENT_SOURCE_DIR}/mimd.c
     ${CMAKE_CURRENT_SOURCE_DIR}/serial.c)
