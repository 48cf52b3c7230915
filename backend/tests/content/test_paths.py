from splash.content.paths import PageNode, full_paths


def test_full_path_is_the_parents_slugs_then_the_own_and_home_is_empty():
    nodes = [
        PageNode(1, "home", None),
        PageNode(2, "academy", None),
        PageNode(3, "zo-werkt-het", 2),
        PageNode(4, "video", 3),
    ]
    assert full_paths(nodes) == {
        1: "/",
        2: "/academy",
        3: "/academy/zo-werkt-het",
        4: "/academy/zo-werkt-het/video",
    }


def test_a_loop_or_a_missing_parent_gives_no_path():
    nodes = [PageNode(1, "a", 2), PageNode(2, "b", 1), PageNode(3, "c", 99), PageNode(4, "d", None)]
    assert full_paths(nodes) == {4: "/d"}
