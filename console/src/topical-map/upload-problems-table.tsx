// A refused upload's problems, each against its row number and the row's cells from the file,
// announced as an alert: nothing was uploaded, the map is as it was.
import type { UploadProblem } from "./upload-problems";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

export function UploadProblemsTable({ file, problems }: { file: string; problems: UploadProblem[] }) {
  return (
    <div className="notice notice-error upload-problems" role="alert">
      <p>
        {file} was not uploaded, and the map is as it was: {problems.length === 1 ? "one problem" : `${problems.length} problems`} to fix.
      </p>
      <TableRegion label={`Problems in ${file}`}>
        <table className="table">
          <caption className="visually-hidden">Problems in {file}</caption>
          <ColumnHeads columns={["Row", "Column", "Problem", "The row in the file"]} />
          <tbody>
            {problems.map((problem, index) => (
              <tr key={index}>
                <th scope="row">{problem.row ?? "—"}</th>
                <td>{problem.column ?? "—"}</td>
                <td>{problem.message}</td>
                <td className="mono">{problem.cells ? problem.cells.join(", ") : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}
