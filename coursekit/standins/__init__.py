"""Offline stand-ins for the models, datasets and metrics lessons load from the hub.

``prepare(course, framework)`` builds them once (inside the framework's kernel) and
returns the environment a kernel needs to load them through the libraries' own
caches, with the network switched off.
"""

from coursekit.standins.build import StandinError, prepare
from coursekit.standins.catalog import Catalog, CatalogError, load_catalog
from coursekit.standins.env import StandinEnv

__all__ = ["Catalog", "CatalogError", "StandinEnv", "StandinError", "load_catalog", "prepare"]
