"""Editing: drafts, publishing, versions, slug redirects and preview links for everything
public, whatever domain owns it. The collections plug in (``editable.plug_in``, from
``splash.site.wiring``); this package imports none of them. See ``editable`` for how a
collection is made editable."""
