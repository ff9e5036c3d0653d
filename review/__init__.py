"""Review: the approval loop through which a claim becomes something an agent hears."""
