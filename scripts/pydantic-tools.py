#!/usr/bin/env python3
"""Tools as FastMCP (the MCP Python SDK) lists them, for test/fixtures/pydantic-tools.jsonl.

Random pydantic v2 argument models (seeded), each listed as `model_json_schema(by_alias=True)`:
`$defs` models, `anyOf` with null and `default: null`, titles, enums as their own definitions,
discriminated unions (`oneOf` with a `discriminator` mapping), tuples (`prefixItems`), sets
(`uniqueItems`), maps, a recursive model, constrained fields.

    python3 scripts/pydantic-tools.py 200 > test/fixtures/pydantic-tools.jsonl
    python3 scripts/pydantic-tools.py 200 --check resolved.jsonl

`--check` reads lines of {"name", "args"} (calls resolveToolCall accepted) and says which of
them pydantic itself refuses, with the same seed and count regenerating the same models.
Needs pydantic 2 (written against 2.13).
"""
import datetime
import enum
import json
import random
import sys
import typing
import uuid
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

SEED = 45
NAMES = ['id', 'name', 'path', 'query', 'limit', 'owner', 'repo', 'kind', 'status', 'tags', 'page', 'cursor']


class Color(str, enum.Enum):
    red = 'red'
    green = 'green'


class Level(enum.IntEnum):
    low = 1
    high = 2


class TreeNode(BaseModel):
    value: str
    children: list['TreeNode'] = []


class Generator:
    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.count = 0

    def unique(self, prefix):
        self.count += 1
        return f'{prefix}{self.count}'

    def leaf(self):
        r = self.rnd
        choices = [
            lambda: str,
            lambda: int,
            lambda: float,
            lambda: bool,
            lambda: Annotated[str, Field(min_length=1, max_length=r.randint(5, 100))],
            lambda: Annotated[int, Field(ge=0, le=r.randint(10, 1000))],
            lambda: Annotated[float, Field(gt=0, lt=1)],
            lambda: Annotated[str, Field(pattern=r'^[a-z0-9-]+$')],
            lambda: Literal['asc', 'desc'],
            lambda: Literal[1, 2, 3],
            lambda: Color,
            lambda: Level,
            lambda: datetime.datetime,
            lambda: datetime.date,
            lambda: uuid.UUID,
            lambda: typing.Any,
            lambda: Annotated[int, Field(multiple_of=5)],
        ]
        return r.choice(choices)()

    def type(self, depth):
        r = self.rnd
        if depth > 3 or r.random() < 0.4:
            return self.leaf()
        choice = r.randint(0, 9)
        if choice <= 2:
            return self.model(depth + 1)
        if choice == 3:
            return list[self.type(depth + 1)]
        if choice == 4:
            return dict[str, self.type(depth + 1)]
        if choice == 5:
            return Union[self.type(depth + 1), self.type(depth + 1)]
        if choice == 6:
            return tuple[self.leaf(), self.leaf()]
        if choice == 7:
            return set[str]
        if choice == 8:
            a = create_model(self.unique('KindA'), kind=(Literal['a'], ...), a=(self.leaf(), ...))
            b = create_model(self.unique('KindB'), kind=(Literal['b'], ...), b=(self.leaf(), ...))
            return Annotated[Union[a, b], Field(discriminator='kind')]
        return TreeNode

    def field(self, kind):
        r = self.rnd.randint(0, 6)
        if r == 0:
            return (Optional[kind], None)
        if r == 1:
            return (kind, Field(description='A field described in words.'))
        if r == 2:
            return (Optional[kind], Field(default=None, description='Optional, described.'))
        return (kind, ...)

    def model(self, depth):
        fields = {}
        for _ in range(self.rnd.randint(1, 5)):
            suffix = f'_{self.rnd.randint(1, 9)}' if self.rnd.random() < 0.3 else ''
            fields[self.rnd.choice(NAMES) + suffix] = self.field(self.type(depth))
        config = ConfigDict(extra=self.rnd.choice(['ignore', 'forbid', 'allow']))
        return create_model(self.unique('Model'), __config__=config, **fields)


def tools(count):
    generator = Generator(SEED)
    made = {}
    while len(made) < count:
        model = generator.model(0)
        made[f'pydantic_{len(made)}'] = model
    return made


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    models = tools(count)
    if len(sys.argv) > 3 and sys.argv[2] == '--check':
        refused = 0
        total = 0
        for line in open(sys.argv[3]):
            entry = json.loads(line)
            total += 1
            try:
                models[entry['name']].model_validate(entry['args'])
            except Exception as error:  # pydantic's ValidationError, or a name not made
                refused += 1
                print('refused', entry['name'], json.dumps(entry['args'])[:200], str(error).split('\n')[1:3])
        print(f'{total} calls checked, {refused} refused by pydantic')
        return
    for name, model in models.items():
        schema = model.model_json_schema(by_alias=True)
        print(json.dumps({'name': name, 'description': f'A FastMCP tool ({name}).', 'inputSchema': schema}))


main()
