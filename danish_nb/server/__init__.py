"""The classroom server: Voila with the guards a shared network needs.

``python -m danish_nb.server NOTEBOOK [voila options]`` runs :class:`~danish_nb.server.app.ClassroomVoila`,
a :class:`voila.app.Voila` whose handlers are wrapped (never re-implemented) so that:

- only this server's own host names are answered (DNS rebinding is refused);
- a kernel answers only the page that started it: the page's response sets a per-kernel secret
  cookie scoped to that kernel's URLs, checked on its websocket, its REST URL and its shutdown;
- visitor kernels are capped per server and per address, counting live pages only, with a
  "room is full" page that retries; a closed page's kernel is freed within seconds (its beacon,
  or its websocket closed for good), and a kernel Jupyter restarted empty is shut down;
- the preheated pool is refilled gently: when the room is quiet, a few kernels at a time, within
  the cap (:mod:`danish_nb.server.pool`); each kernel is told its visitor's address
  (:mod:`danish_nb.server.visitor`), against which teacher-key tries count;
- a page whose app did not render says so and reloads itself, instead of staying blank; a page
  whose server went away says so, and reloads back to its seat once the server answers;
- a port in use stops the server (no port hopping); refusals are one line of the log;
- no kernel stderr (where ipykernel logs comm tracebacks) reaches the browser.

The ``danish-nb`` command (:mod:`danish_nb.app_server`) chooses the sizes and timeouts.
"""
