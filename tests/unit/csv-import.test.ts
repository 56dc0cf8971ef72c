import { describe, expect, it } from "vitest";
import { parseCsv, peopleFromCsv } from "../../app/domain/csv-import";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, CRLF and a BOM, and skips empty lines", () => {
    expect(parseCsv('\uFEFFemail,name\r\n"ana@x.example","García, Ana"\r\n\r\nben@x.example,"Ben ""B"" Smith"\n')).toEqual([
      ["email", "name"],
      ["ana@x.example", "García, Ana"],
      ["ben@x.example", 'Ben "B" Smith'],
    ]);
  });

  it("takes semicolons when the first line is separated by them", () => {
    expect(parseCsv("correo;nombre\nana@x.example;Ana")).toEqual([
      ["correo", "nombre"],
      ["ana@x.example", "Ana"],
    ]);
  });

  it("keeps a line break inside quotes", () => {
    expect(parseCsv('a,"b\nc"\n')).toEqual([["a", "b\nc"]]);
  });
});

describe("peopleFromCsv", () => {
  it("uses the header, in any order, in English or the app's languages", () => {
    expect(peopleFromCsv("Role,E-mail,Name\nOrganiser,ana@x.example,Ana\n,ben@x.example,")).toEqual([
      { email: "ana@x.example", name: "Ana", role: "organiser" },
      { email: "ben@x.example" },
    ]);
    expect(peopleFromCsv("nome;email\nJoão;joao@x.example")).toEqual([{ email: "joao@x.example", name: "João" }]);
  });

  it("reads address and name from the first columns without a header", () => {
    expect(peopleFromCsv("ana@x.example,Ana\nben@x.example")).toEqual([{ email: "ana@x.example", name: "Ana" }, { email: "ben@x.example" }]);
  });

  it("answers nothing for an empty file", () => {
    expect(peopleFromCsv("")).toEqual([]);
    expect(peopleFromCsv("\n\n")).toEqual([]);
  });
});
