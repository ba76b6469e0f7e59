/**
 * Admission types for synthetic discharge summaries. Each fact a question can ask about
 * (chief complaint, associated symptom, organism, procedure, new medicine, disposition,
 * follow-up clinic…) is a distinct string placed in exactly one section, so the minimal
 * sufficient source set of a question is well defined.
 */

export interface AdmissionType {
  key: string;
  service: string;
  complaint: string;
  /** HPI narrative; must not repeat `complaint` verbatim. */
  hpi: string;
  associated: string;
  exam: string;
  results: string;
  organism?: string;
  procedure: string;
  course: string;
  diagnosis: string;
  newMed: string;
  stopMed?: string;
  clinic: string;
}

export const ADMISSIONS: readonly AdmissionType[] = [
  {
    key: "pyelo",
    service: "MEDICINE",
    complaint: "fever and flank pain",
    hpi: "presented with two days of rigors and right-sided back discomfort with dysuria",
    associated: "nausea",
    exam: "right costovertebral angle tenderness",
    results: "WBC 15.2, lactate 1.9; UA with >100 WBC; renal ultrasound without hydronephrosis",
    organism: "Escherichia coli",
    procedure: "None",
    course: "Treated with IV ceftriaxone and transitioned to oral therapy once afebrile for 48 hours per sensitivities.",
    diagnosis: "Acute pyelonephritis",
    newMed: "Ciprofloxacin 500 mg PO BID",
    clinic: "Primary care",
  },
  {
    key: "pna",
    service: "MEDICINE",
    complaint: "productive cough",
    hpi: "reports five days of worsening sputum production, subjective fevers and pleuritic discomfort",
    associated: "dyspnea on exertion",
    exam: "crackles at the left base",
    results: "CXR with left lower lobe consolidation; procalcitonin 1.2",
    organism: "Streptococcus pneumoniae",
    procedure: "None",
    course: "Started on ceftriaxone and azithromycin with rapid clinical improvement; oxygen weaned to room air by hospital day 3.",
    diagnosis: "Community-acquired pneumonia",
    newMed: "Amoxicillin-clavulanate 875 mg PO BID",
    clinic: "Pulmonology",
  },
  {
    key: "chf",
    service: "CARDIOLOGY",
    complaint: "shortness of breath",
    hpi: "describes progressive orthopnea and a 4 kg weight gain over two weeks after running out of diuretic",
    associated: "bilateral leg swelling",
    exam: "JVP to the angle of the jaw and 2+ pitting edema",
    results: "BNP 2450; echo with EF 30%; CXR with pulmonary vascular congestion",
    procedure: "None",
    course: "Diuresed with IV furosemide, net negative 5 L; discharge weight documented.",
    diagnosis: "Acute on chronic systolic heart failure",
    newMed: "Spironolactone 25 mg PO daily",
    clinic: "Heart failure",
  },
  {
    key: "nstemi",
    service: "CARDIOLOGY",
    complaint: "chest pressure",
    hpi: "developed substernal heaviness radiating to the left arm while climbing stairs, lasting 40 minutes",
    associated: "diaphoresis",
    exam: "regular rhythm without murmurs",
    results: "troponin T peak 0.84; ECG with ST depressions in V4-V6",
    procedure: "Cardiac catheterization with drug-eluting stent to the LAD",
    course: "Heparin drip and aspirin loading; cath showed 90% proximal LAD stenosis treated with one stent.",
    diagnosis: "Non-ST elevation myocardial infarction",
    newMed: "Ticagrelor 90 mg PO BID",
    clinic: "Cardiology",
  },
  {
    key: "appy",
    service: "SURGERY",
    complaint: "right lower quadrant pain",
    hpi: "reports periumbilical pain that migrated over 18 hours, with anorexia",
    associated: "low-grade fever",
    exam: "tenderness at McBurney's point with guarding",
    results: "WBC 13.8; CT abdomen with dilated appendix and periappendiceal fat stranding",
    procedure: "Laparoscopic appendectomy",
    course: "Taken to the OR on the day of admission; uncomplicated course, tolerating a regular diet on postoperative day 1.",
    diagnosis: "Acute appendicitis",
    newMed: "Oxycodone 5 mg PO q6h PRN pain",
    clinic: "Acute care surgery",
  },
  {
    key: "chole",
    service: "SURGERY",
    complaint: "epigastric pain after meals",
    hpi: "has had recurrent postprandial discomfort for months, now constant for a day and radiating to the right shoulder",
    associated: "vomiting",
    exam: "positive Murphy's sign",
    results: "alkaline phosphatase 180; RUQ ultrasound with gallstones and gallbladder wall thickening",
    procedure: "Laparoscopic cholecystectomy",
    course: "IV antibiotics then cholecystectomy on hospital day 2; pathology confirmed acute cholecystitis.",
    diagnosis: "Acute calculous cholecystitis",
    newMed: "Docusate 100 mg PO BID",
    clinic: "General surgery",
  },
  {
    key: "gib",
    service: "MEDICINE",
    complaint: "black stools",
    hpi: "noted tarry bowel movements for two days and lightheadedness on standing while taking ibuprofen for knee pain",
    associated: "lightheadedness",
    exam: "pale conjunctivae, melena on rectal exam",
    results: "hemoglobin 7.1 from baseline 12; BUN 48",
    procedure: "Esophagogastroduodenoscopy with clipping of a duodenal ulcer",
    course: "Transfused 2 units of packed red cells; EGD showed a bleeding duodenal ulcer treated endoscopically; H. pylori serology sent.",
    diagnosis: "Upper gastrointestinal bleed from duodenal ulcer",
    newMed: "Pantoprazole 40 mg PO BID",
    stopMed: "Ibuprofen",
    clinic: "Gastroenterology",
  },
  {
    key: "cellulitis",
    service: "MEDICINE",
    complaint: "left leg redness",
    hpi: "noticed spreading warmth and erythema of the shin after a minor scrape while gardening",
    associated: "chills",
    exam: "well-demarcated erythema of the left shin without fluctuance",
    results: "WBC 12.1; lower extremity ultrasound negative for DVT",
    organism: "Streptococcus pyogenes",
    procedure: "None",
    course: "Treated with IV cefazolin with regression of the marked borders; leg elevated.",
    diagnosis: "Left lower extremity cellulitis",
    newMed: "Cephalexin 500 mg PO QID",
    clinic: "Primary care",
  },
  {
    key: "copd",
    service: "MEDICINE",
    complaint: "wheezing",
    hpi: "reports increased sputum purulence and breathlessness over four days after a viral illness",
    associated: "increased sputum",
    exam: "diffuse expiratory wheezes and prolonged expiration",
    results: "ABG 7.34/52/68; CXR hyperinflated without infiltrate",
    procedure: "None",
    course: "Nebulized bronchodilators, systemic steroids and doxycycline; did not require noninvasive ventilation.",
    diagnosis: "COPD exacerbation",
    newMed: "Prednisone 40 mg PO daily for 3 more days",
    clinic: "Pulmonology",
  },
  {
    key: "hipfx",
    service: "ORTHOPAEDICS",
    complaint: "right hip pain after a fall",
    hpi: "slipped in the bathroom and could not bear weight afterwards; no head strike",
    associated: "inability to bear weight",
    exam: "shortened, externally rotated right leg",
    results: "pelvic X-ray with displaced right femoral neck fracture",
    procedure: "Right hip hemiarthroplasty",
    course: "Underwent hemiarthroplasty on hospital day 1; physical therapy initiated; pharmacologic DVT prophylaxis started.",
    diagnosis: "Right femoral neck fracture",
    newMed: "Enoxaparin 40 mg SC daily for 4 weeks",
    clinic: "Orthopaedics",
  },
  {
    key: "cdiff",
    service: "MEDICINE",
    complaint: "watery diarrhea",
    hpi: "describes eight loose stools daily beginning a week after finishing antibiotics for a dental infection",
    associated: "abdominal cramping",
    exam: "mild diffuse abdominal tenderness without peritonitis",
    results: "WBC 16.5; creatinine 1.4 from 0.9",
    organism: "Clostridioides difficile",
    procedure: "None",
    course:
      "Started on oral antibiotic therapy for C. difficile with resolution of diarrhea; IV fluids for acute kidney injury, creatinine normalized.",
    diagnosis: "C. difficile colitis",
    newMed: "Vancomycin 125 mg PO QID for 10 days",
    clinic: "Infectious disease",
  },
  {
    key: "dka",
    service: "MEDICINE",
    complaint: "polyuria and vomiting",
    hpi: "ran out of insulin three days ago and developed thirst and generalized weakness",
    associated: "abdominal pain",
    exam: "dry mucous membranes and Kussmaul respirations",
    results: "glucose 512, anion gap 24, beta-hydroxybutyrate 6.1",
    procedure: "None",
    course:
      "Insulin infusion per DKA protocol with gap closure in 14 hours; transitioned to basal-bolus insulin; diabetes education provided.",
    diagnosis: "Diabetic ketoacidosis",
    newMed: "Insulin glargine 22 units SC at bedtime",
    clinic: "Endocrinology",
  },
  {
    key: "stroke",
    service: "NEUROLOGY",
    complaint: "right arm weakness",
    hpi: "woke with clumsiness of the right hand and slurred speech, last known well the prior evening",
    associated: "slurred speech",
    exam: "right pronator drift and mild dysarthria",
    results: "MRI with acute left MCA territory infarct; LDL 162; telemetry without atrial fibrillation",
    procedure: "None",
    course:
      "Outside the window for thrombolysis; started on dual antiplatelet therapy and high-intensity statin; speech therapy evaluation.",
    diagnosis: "Acute ischemic stroke, left MCA territory",
    newMed: "Clopidogrel 75 mg PO daily",
    clinic: "Stroke neurology",
  },
  {
    key: "afib",
    service: "CARDIOLOGY",
    complaint: "palpitations",
    hpi: "felt a racing, irregular heartbeat for a day with reduced exercise tolerance",
    associated: "fatigue",
    exam: "irregularly irregular rhythm at 130",
    results: "ECG with atrial fibrillation with rapid ventricular response; TSH normal; echo with normal EF",
    procedure: "Transesophageal echocardiogram-guided cardioversion",
    course: "Rate controlled with metoprolol; TEE-guided cardioversion to sinus rhythm on hospital day 2.",
    diagnosis: "Atrial fibrillation with rapid ventricular response",
    newMed: "Apixaban 5 mg PO BID",
    clinic: "Electrophysiology",
  },
];

export const COMORBIDITIES: readonly { dx: string; med: string }[] = [
  { dx: "Hypertension", med: "Lisinopril 20 mg PO daily" },
  { dx: "Type 2 diabetes mellitus", med: "Metformin 1000 mg PO BID" },
  { dx: "Hyperlipidemia", med: "Atorvastatin 40 mg PO daily" },
  { dx: "Hypothyroidism", med: "Levothyroxine 75 mcg PO daily" },
  { dx: "Gastroesophageal reflux disease", med: "Omeprazole 20 mg PO daily" },
  { dx: "Osteoarthritis", med: "Acetaminophen 650 mg PO q6h PRN" },
  { dx: "Depression", med: "Sertraline 50 mg PO daily" },
  { dx: "Benign prostatic hyperplasia", med: "Tamsulosin 0.4 mg PO daily" },
];

export const DISPOSITIONS = ["Home", "Home With Service", "Extended Care", "Rehabilitation facility"] as const;
export const ACTIVITY = [
  "Ambulatory - Independent",
  "Ambulatory - requires assistance or aid (walker or cane)",
  "Out of Bed with assistance to chair or wheelchair",
  "Bedbound",
] as const;
export const MENTAL = ["Clear and coherent", "Confused - sometimes", "Confused - always"] as const;
export const EXTRA_MEDS = [
  "Furosemide 40 mg PO daily",
  "Metoprolol succinate 50 mg PO daily",
  "Warfarin 5 mg PO daily",
  "Gabapentin 300 mg PO TID",
  "Amlodipine 5 mg PO daily",
  "Prednisone 10 mg PO daily",
  "Tramadol 50 mg PO q6h PRN",
  "Nitrofurantoin 100 mg PO BID",
] as const;
export const EXTRA_SYMPTOMS = ["headache", "syncope", "hematuria", "cough", "rash", "weight loss", "back pain", "confusion"] as const;
export const EXTRA_ORGANISMS = [
  "Klebsiella pneumoniae",
  "Proteus mirabilis",
  "Enterococcus faecalis",
  "Pseudomonas aeruginosa",
  "Staphylococcus aureus (MRSA)",
  "Haemophilus influenzae",
] as const;
export const EXTRA_PROCEDURES = [
  "Thoracentesis",
  "Lumbar puncture",
  "Colonoscopy",
  "Paracentesis",
  "Bronchoscopy",
  "Central venous catheter placement",
] as const;
export const EXTRA_CLINICS = ["Nephrology", "Rheumatology", "Hematology", "Dermatology", "Urology"] as const;
export const EXTRA_DIAGNOSES = [
  "Pulmonary embolism",
  "Small bowel obstruction",
  "Acute pancreatitis",
  "Syncope, vasovagal",
  "Hyponatremia",
] as const;
