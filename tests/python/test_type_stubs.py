"""The type stubs (robotstxt/__init__.pyi) describe exactly what the module has.

Editors show the stubs, not the compiled module: a name missing from either side, or a
parameter named differently, would mislead every user.
"""

from __future__ import annotations

import ast
import inspect
import pathlib

import robotstxt


def stub_tree() -> ast.Module:
    path = pathlib.Path(robotstxt.__file__).with_name("__init__.pyi")
    return ast.parse(path.read_text(encoding="utf-8"))


def stub_classes() -> dict[str, ast.ClassDef]:
    return {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}


def public_names(obj) -> set[str]:
    return {name for name in dir(obj) if not name.startswith("_")}


def stub_module_names() -> set[str]:
    names = set(stub_classes())
    for node in stub_tree().body:
        if isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


def is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def test_stub_module_names_are_the_exported_names():
    names = stub_module_names()
    assert {name for name in names if not is_dunder(name)} == set(robotstxt.__all__)


def test_stub_dunder_names_exist():
    # __version__ and the like are not in __all__ (star-imports skip them), but exist.
    dunders = {name for name in stub_module_names() if is_dunder(name)}
    assert dunders == {"__version__"}
    assert all(hasattr(robotstxt, name) for name in dunders)


def test_stub_classes_list_every_public_member():
    for name, node in stub_classes().items():
        members = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
        fields = [item.target.id for item in node.body if isinstance(item, ast.AnnAssign)]
        runtime = getattr(robotstxt, name)
        if fields:  # a NamedTuple: the same fields in the same order
            assert tuple(fields) == runtime._fields, name
            members |= set(fields) | public_names(tuple)
        assert members - {"__init__"} == public_names(runtime), name


def test_stub_parameters_are_the_keyword_names_the_module_accepts():
    robots = robotstxt.RobotsTxt(body=b"User-agent: *\nDisallow: /x\n")
    methods = {item.name: item for item in stub_classes()["RobotsTxt"].body
               if isinstance(item, ast.FunctionDef) and not item.decorator_list}
    samples = {"url": "http://a/x", "urls": ["http://a/x"], "agent": "a", "key": "crawl-delay"}
    for name, node in methods.items():
        if name == "__init__":
            continue
        keywords = {arg.arg: samples[arg.arg] for arg in node.args.args[1:]}
        getattr(robots, name)(**keywords)  # raises TypeError if a name is wrong


def test_every_public_member_has_a_docstring():
    for name in robotstxt.__all__:
        obj = getattr(robotstxt, name)
        if callable(obj) and not inspect.isclass(obj):
            assert obj.__doc__, name
        if inspect.isclass(obj):
            assert obj.__doc__, name
            for member in public_names(obj):
                assert getattr(obj, member).__doc__, f"{name}.{member}"
