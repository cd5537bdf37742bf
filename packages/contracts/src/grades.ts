// The report's letter grade from its overall score (spec: public-site.md section 9), one
// definition for the report builder, the report page and the PDF.
export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D';

export function gradeFor(overall: number): { grade: Grade; label: string } {
  if (overall >= 90) return { grade: 'A+', label: 'Excellent' };
  if (overall >= 80) return { grade: 'A', label: 'Great' };
  if (overall >= 70) return { grade: 'B', label: 'Good' };
  if (overall >= 60) return { grade: 'C', label: 'Fair' };
  return { grade: 'D', label: 'Needs Improvement' };
}
