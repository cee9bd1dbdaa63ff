"""Planning: which notebooks to verify, what to run in each and what to expect."""
