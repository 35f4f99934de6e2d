# Sources of the core policies (pdom, template).
list(APPEND SIMT_POLICY_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/pdom.c ${CMAKE_CURRENT_SOURCE_DIR}/template.c)
