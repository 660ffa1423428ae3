import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CatalogueError, findCatalogueResource, leiaPartsOf, loadCatalogueDir } from '@server/catalogue/load';

let dir: string;

const write = async (file: string, text: string) => {
  await mkdir(dirname(join(dir, file)), { recursive: true });
  await writeFile(join(dir, file), text);
};

const persona = (name: string, version = '1.0.0') =>
  `apiVersion: v1\nkind: persona\nmetadata:\n  name: ${name}\n  version: ${version}\nspec:\n  fullName: ${name}\n`;
const problem = 'kind: problem\nmetadata:\n  name: P\nspec:\n  description: A problem\n';
const behaviour =
  "kind: behaviour\nmetadata:\n  name: B\nspec:\n  description: 'You are {{persona.fullName}}'\n";
const leia = (personaName = 'Ann') =>
  `kind: leia\nmetadata:\n  name: L\nspec:\n  persona: ${personaName}\n  problem: P\n  behaviour: B\n`;

const problemsOf = async (): Promise<string[]> => {
  try {
    await loadCatalogueDir(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return (error as CatalogueError).problems;
  }
  throw new Error('expected the catalogue to be rejected');
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'leia-catalogue-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadCatalogueDir', () => {
  it('loads every kind, applies defaults and keeps the file of each item', async () => {
    await write('personas/ann.yaml', persona('Ann'));
    await write('problems/p.yml', problem);
    await write('behaviours/b.yaml', behaviour);
    await write('leias/l.yaml', leia());
    await write('personas/notes.txt', 'not yaml, ignored');
    const catalogue = await loadCatalogueDir(dir);
    expect(catalogue.resources.map((r) => [r.file, r.kind, r.apiVersion, r.metadata.version])).toEqual([
      ['personas/ann.yaml', 'persona', 'v1', '1.0.0'],
      ['problems/p.yml', 'problem', 'v1', '1.0.0'],
      ['behaviours/b.yaml', 'behaviour', 'v1', '1.0.0'],
    ]);
    expect(catalogue.leias).toEqual([
      {
        file: 'leias/l.yaml',
        apiVersion: 'v1',
        kind: 'leia',
        metadata: { name: 'L', version: '1.0.0' },
        spec: { persona: 'Ann', problem: 'P', behaviour: 'B' },
      },
    ]);
    expect(leiaPartsOf(catalogue, catalogue.leias[0]!).problem).toEqual({
      apiVersion: 'v1',
      metadata: { name: 'P', version: '1.0.0' },
      spec: { description: 'A problem', solutionFormat: 'text' },
    });
  });

  it('accepts missing kind folders', async () => {
    await write('personas/ann.yaml', persona('Ann'));
    const catalogue = await loadCatalogueDir(dir);
    expect(catalogue.resources.map((r) => r.metadata.name)).toEqual(['Ann']);
    expect(catalogue.leias).toEqual([]);
  });

  it('refuses a folder with no catalogue files, naming it (an empty import is a wrong path)', async () => {
    expect(await problemsOf()).toEqual([
      `${dir}: no catalogue files (YAML files in personas/, problems/, behaviours/, leias/)`,
    ]);
  });

  it('refuses a folder that does not exist', async () => {
    const missing = join(dir, 'nowhere');
    await expect(loadCatalogueDir(missing)).rejects.toThrow(`${missing}: no such folder`);
  });

  it('picks the highest version of a name', async () => {
    await write('personas/a1.yaml', persona('Ann', '1.10.0'));
    await write('personas/a2.yaml', persona('Ann', '1.9.0'));
    const { resources } = await loadCatalogueDir(dir);
    expect(findCatalogueResource(resources, 'persona', 'Ann')?.metadata.version).toBe('1.10.0');
    expect(findCatalogueResource(resources, 'problem', 'Ann')).toBeUndefined();
  });

  it('reports every problem, each naming its file', async () => {
    await write('personas/bad-yaml.yaml', 'kind: persona\nmetadata: [unclosed\n');
    await write(
      'personas/bad-spec.yaml',
      'kind: persona\nmetadata:\n  name: X\n  version: "1.0"\nspec:\n  firstName: 3\n',
    );
    await write('personas/typo.yaml', `${persona('T')}metdata: {}\n`);
    await write('personas/wrong-folder.yaml', problem);
    await write('problems/unknown-kind.yaml', 'kind: teacher\n');
    await write('personas/ann.yaml', persona('Ann'));
    await write('personas/ann-again.yaml', persona('Ann'));
    await write('leias/l.yaml', leia('Nobody'));
    const problems = await problemsOf();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^personas\/bad-yaml\.yaml: not valid YAML: /),
        'personas/bad-spec.yaml: metadata.version: Version must look like x.y.z (for example 1.0.0)',
        'personas/bad-spec.yaml: spec.fullName: Full name is required',
        'personas/bad-spec.yaml: spec.firstName: First name must be text',
        expect.stringMatching(/^personas\/typo\.yaml: .*metdata/),
        "personas/wrong-folder.yaml: kind 'problem' belongs in problems/",
        'problems/unknown-kind.yaml: kind: kind must be one of: persona, problem, behaviour, leia',
        "personas/ann.yaml: persona 'Ann' version 1.0.0 is already defined in personas/ann-again.yaml",
        "leias/l.yaml: spec.persona: no persona named 'Nobody' in personas/",
        "leias/l.yaml: spec.problem: no problem named 'P' in problems/",
        "leias/l.yaml: spec.behaviour: no behaviour named 'B' in behaviours/",
      ]),
    );
    expect(problems).toHaveLength(11);
  });

  it('puts the problems in the error message', async () => {
    await write('leias/l.yaml', leia());
    await expect(loadCatalogueDir(dir)).rejects.toThrow(
      /Invalid catalogue:\n {2}- leias\/l\.yaml: spec\.persona: /,
    );
  });
});
