# Sources of the further policies.
