# Sources of the core policies (pdom, template).
