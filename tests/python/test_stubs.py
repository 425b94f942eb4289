"""The stubs' dump() takes dumps()' options, by name, with the same types and defaults, and
load() takes loads()' hooks.

stubtest holds dump()'s obj and fp to the module, but its options are **options at run time
(dump(obj, fp, /, **options)), so stubtest cannot see them; dumps() it does check, so dump()'s
options are held to dumps()' here.
"""

import ast
import os
import unittest

from support import ROOT

STUB = os.path.join(ROOT, "python", "ultrajson-stubs", "__init__.pyi")


def signature(tree, name):
    """(positional-only, positional, keyword-only) as [(name, annotation, default)]."""
    (fn,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    a = fn.args

    def described(args, defaults):
        defaults = [None] * (len(args) - len(defaults)) + list(defaults)
        return [(p.arg, ast.dump(p.annotation), d and ast.dump(d)) for p, d in zip(args, defaults)]

    positional = described(a.posonlyargs + a.args, a.defaults)
    return positional[: len(a.posonlyargs)], positional[len(a.posonlyargs):], described(a.kwonlyargs, a.kw_defaults)


class DumpStub(unittest.TestCase):
    def test_dump_takes_dumps_options_by_name(self):
        with open(STUB, encoding="utf-8") as f:
            tree = ast.parse(f.read(), STUB)
        _, dumps_positional, dumps_keyword = signature(tree, "dumps")
        dump_posonly, dump_positional, dump_keyword = signature(tree, "dump")
        self.assertEqual([p[0] for p in dump_posonly], ["obj", "fp"])
        self.assertEqual(dump_positional, [])
        self.assertEqual(dumps_positional[0][0], "obj")
        self.assertEqual(dump_keyword, dumps_positional[1:] + dumps_keyword)

    def test_load_takes_loads_hooks(self):
        # Both are checked by stubtest too; here the two copies of the hooks are held to
        # each other, so that a hook added to one is not forgotten in the other.
        with open(STUB, encoding="utf-8") as f:
            tree = ast.parse(f.read(), STUB)
        loads_posonly, loads_positional, loads_keyword = signature(tree, "loads")
        load_posonly, load_positional, load_keyword = signature(tree, "load")
        self.assertEqual(([p[0] for p in loads_posonly], [p[0] for p in load_posonly]), (["obj"], ["fp"]))
        self.assertEqual((loads_positional, load_positional), ([], []))
        self.assertEqual(load_keyword, loads_keyword)
        self.assertEqual([p[0] for p in loads_keyword],
                         ["object_hook", "parse_float", "parse_int", "parse_constant", "object_pairs_hook"])


if __name__ == "__main__":
    unittest.main()
