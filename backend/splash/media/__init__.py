"""The media library: images uploaded in the studio, checked by their content, stored without
metadata, with responsive variants made by the worker, alt text per language, and where each
is used. Content and catalog use its services; it imports neither (the uses are found by
finders they plug in: ``usage``)."""
