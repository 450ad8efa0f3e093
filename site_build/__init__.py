"""The static site: the app and the lessons in the visitor's browser (Pyodide in a Web Worker).

``make site`` builds ``site/`` (see :mod:`site_build.build`); ``make site-serve`` serves it on
127.0.0.1 (see :mod:`site_build.serve`). Any static web host can serve the folder as it is.
"""
