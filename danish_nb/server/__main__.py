"""``python -m danish_nb.server NOTEBOOK [options]``: Voila with the classroom guards."""

from danish_nb.server.app import main

main()
