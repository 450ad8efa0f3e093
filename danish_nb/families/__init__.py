"""Code shared by games of one family (shedding, tricks); games never import each other."""
