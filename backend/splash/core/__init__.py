"""The core ring: settings, the database, errors, base schemas, formatting, templating, the route
table, countries and locales. It imports nothing else of Splash; every other ring may import it."""
