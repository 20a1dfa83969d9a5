"""Compiled passes from a played block's buffers to table columns (contract.md section 6).

- :mod:`.recruits`: the recruits table's whole-number columns, in one pass;
- :mod:`.maskindex`: a hash index of the `offered` bit masks, to spell each once.
"""
