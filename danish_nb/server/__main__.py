"""``python -m danish_nb.server NOTEBOOK [options]``: Voila with the classroom guards.

``rfc3987_syntax`` is kept from loading: jsonschema builds its IRI grammar on import (about 1 s of
the server's start, 2-3 s on a busy box, measured with ``python -X importtime``), only to check
``iri`` formats, which no schema this server validates (Jupyter's event schemas) uses. A
restarted server answers its class that much sooner.
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[assignment]

from danish_nb.server.app import main  # noqa: E402 -- after the line above

main()
