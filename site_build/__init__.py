"""The static site: the app notebook in the visitor's browser (voici, JupyterLite, Pyodide).

``make site`` builds ``site/`` (see :mod:`site_build.build`); ``make site-serve`` serves it on
127.0.0.1 (see :mod:`site_build.serve`). Any static web host can serve the folder as it is.
"""
