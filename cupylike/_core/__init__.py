"""The machinery under the API: the compiled extension (_native), tables, kernel caches."""
