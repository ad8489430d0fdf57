import type { ProcessStep } from '#views/pages/shared/content-types.ts';

/**
 * Numbered steps whose extra detail appears as a tooltip on hover and on keyboard focus (CSS only:
 * each step is focusable and the tooltip is tied to it with aria-describedby). On touch screens
 * and phones a tap focuses the step and its detail opens inside the card (content.css).
 */
export function ProcessSteps({ steps, id }: { steps: ProcessStep[]; id: string }) {
  return (
    <ol className="process">
      {steps.map((step, index) => (
        <li key={step.title} className="process-step" tabIndex={0} aria-describedby={`${id}-tip-${index}`}>
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.summary}</p>
          <span className="tooltip" role="tooltip" id={`${id}-tip-${index}`}>
            {step.tooltip}
          </span>
        </li>
      ))}
    </ol>
  );
}
