import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
const files = execSync("git ls-files '*.ts' '*.tsx'", {encoding:'utf8'}).trim().split('\n').filter(f=>!f.includes('.test.'));
const out=[];
for (const f of files) {
  const src = ts.createSourceFile(f, readFileSync(f,'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n)||ts.isFunctionExpression(n)||ts.isArrowFunction(n)||ts.isMethodDeclaration(n)) {
      const a = src.getLineAndCharacterOfPosition(n.getStart()).line, b = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      const name = n.name?.getText?.() ?? (ts.isVariableDeclaration(n.parent)? n.parent.name.getText(): '<anon>');
      if (b-a+1>120) out.push([b-a+1, f+':'+(a+1), name]);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
out.sort((x,y)=>y[0]-x[0]); for (const o of out) console.log(o.join('  '));
