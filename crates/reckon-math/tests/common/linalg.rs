//! The seeded generators of linear-algebra expressions for the differential test: the solvers
//! (`lusolve`, `lsolve`, `usolve`, `lsolveAll`, `usolveAll`), `lup` and `qr`, over random
//! integer, decimal and complex matrices of sizes 1 to 6, general, triangular, singular (a
//! repeated or zero row, a zero diagonal) and near-singular (a row plus 0.000000001, a decimal
//! literal Fraction mode holds exactly), with right sides as vectors and as columns; `sqrtm` of
//! such matrices and `expm`; `polynomialRoot` of random coefficients; `eigs`, `pinv`, `schur`,
//! `sylvester`, `lyap` and the matrix 2-norm; `slu` of sparse matrices.

use super::Rng;

/// What the entries of a generated matrix are.
#[derive(Clone, Copy)]
pub enum Entries {
    Integer,
    Decimal,
    Complex,
}

fn entry(rng: &mut Rng, kind: Entries) -> String {
    let integer = |rng: &mut Rng| rng.below(19) as i64 - 9;
    match kind {
        Entries::Integer => integer(rng).to_string(),
        Entries::Decimal => {
            // Eighths are exact binary fractions; tenths are not.
            let parts = rng.below(81) as i64 - 40;
            let denominator = if rng.below(2) == 0 { 8.0 } else { 10.0 };
            format!("{}", parts as f64 / denominator)
        }
        Entries::Complex => match rng.below(3) {
            0 => integer(rng).to_string(),
            _ => format!("({} + {}i)", integer(rng), integer(rng)),
        },
    }
}

/// Which triangle to keep of a generated matrix.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Full,
    Lower,
    Upper,
}

/// The rows of an n×m matrix, row by row, with the structure the generator chose.
fn rows(rng: &mut Rng, n: usize, m: usize, kind: Entries, shape: Shape) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = (0..n)
        .map(|i| {
            (0..m)
                .map(|j| match shape {
                    Shape::Lower if j > i => "0".to_owned(),
                    Shape::Upper if j < i => "0".to_owned(),
                    _ => entry(rng, kind),
                })
                .collect()
        })
        .collect();
    match rng.below(8) {
        // A repeated row (singular).
        0 if n > 1 => {
            let (a, b) = (rng.below(n), rng.below(n));
            rows[b] = rows[a].clone();
        }
        // A zero row.
        1 => {
            let r = rng.below(n);
            rows[r] = vec!["0".to_owned(); m];
        }
        // A zero on the diagonal.
        2 => {
            let d = rng.below(n.min(m));
            rows[d][d] = "0".to_owned();
        }
        // Near-singular: a row that is another plus 10⁻⁹.
        3 if n > 1 && shape == Shape::Full => {
            let (a, b) = (rng.below(n), rng.below(n));
            rows[b] = rows[a]
                .iter()
                .map(|x| format!("{x} + 0.000000001"))
                .collect();
        }
        _ => {}
    }
    rows
}

fn matrix_text(rows: &[Vec<String>]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| r.join(", ")).collect();
    format!("[{}]", rows.join("; "))
}

/// A right side of n entries: a vector, a column, or (rarely) one of the wrong length.
fn right_side(rng: &mut Rng, n: usize, kind: Entries) -> String {
    let len = if rng.below(25) == 0 { n + 1 } else { n };
    let items: Vec<String> = (0..len)
        .map(|_| {
            if rng.below(5) == 0 {
                "0".to_owned()
            } else {
                entry(rng, kind)
            }
        })
        .collect();
    if rng.below(2) == 0 {
        format!("[{}]", items.join(", "))
    } else {
        format!("[{}]", items.join("; "))
    }
}

/// One linear-algebra expression, its entries of `kind`.
pub fn linalg_expression(rng: &mut Rng, kind: Entries) -> String {
    let n = 1 + rng.below(6);
    let b = right_side(rng, n, kind);
    match rng.below(12) {
        0 | 1 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Full));
            format!("lusolve({a}, {b})")
        }
        2 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Lower));
            format!("lsolve({a}, {b})")
        }
        3 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Upper));
            format!("usolve({a}, {b})")
        }
        4 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Lower));
            format!("lsolveAll({a}, {b})")
        }
        5 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Upper));
            format!("usolveAll({a}, {b})")
        }
        6 | 7 => {
            // Square or rectangular.
            let m = if rng.below(3) == 0 {
                1 + rng.below(6)
            } else {
                n
            };
            let a = matrix_text(&rows(rng, n, m, kind, Shape::Full));
            let member = rng.pick(&["", "", ".L", ".U", ".p"]);
            format!("lup({a}){member}")
        }
        8 => {
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Full));
            format!("lusolve(lup({a}), {b})")
        }
        9 | 10 => {
            // Square or rectangular.
            let m = if rng.below(3) == 0 {
                1 + rng.below(6)
            } else {
                n
            };
            let a = matrix_text(&rows(rng, n, m, kind, Shape::Full));
            let member = rng.pick(&["", ".Q", ".R"]);
            format!("qr({a}){member}")
        }
        _ => {
            // A full matrix given to a triangular solver: math.js reads one triangle.
            let a = matrix_text(&rows(rng, n, n, kind, Shape::Full));
            let f = rng.pick(&["lsolve", "usolve", "lsolveAll", "usolveAll"]);
            format!("{f}({a}, {b})")
        }
    }
}

/// One expression of a function of a matrix (`expm`, `sqrtm`), its entries of `kind`: a random
/// matrix (often without a real square root, which math.js refuses as not converging), a
/// symmetric positive definite one, a strictly upper triangular one. Not for Fraction mode, whose exact iterates grow without bound.
pub fn matrix_function_expression(rng: &mut Rng, kind: Entries) -> String {
    let n = 1 + rng.below(6);
    let a = matrix_text(&rows(rng, n, n, kind, Shape::Full));
    if rng.below(2) == 0 {
        // expm of a random matrix, or of a nilpotent or small one.
        return match rng.below(3) {
            0 => format!("expm({a})"),
            1 => format!("expm({a} / 10)"),
            _ => {
                let mut upper = rows(rng, n, n, kind, Shape::Upper);
                for (i, row) in upper.iter_mut().enumerate() {
                    row[i] = "0".to_owned();
                }
                format!("expm({})", matrix_text(&upper))
            }
        };
    }
    match rng.below(3) {
        0 => format!("sqrtm({a})"),
        1 => format!("sqrtm({a} * {a}' + identity({n}))"),
        _ => {
            let v: Vec<String> = (0..n).map(|_| entry(rng, kind)).collect();
            format!(
                "sqrtm(diag([{}]) + identity({n}))",
                v.join(", ").replace('-', "")
            )
        }
    }
}

/// One `polynomialRoot` call of 1 to 5 coefficients of `kind` (trailing zeros, repeated roots
/// and the degree math.js refuses included).
pub fn polynomial_root_expression(rng: &mut Rng, kind: Entries) -> String {
    let coefficients: Vec<String> = match rng.below(4) {
        // (x - r)^k for a small integer r: a double or triple root.
        0 => {
            let r = rng.below(7) as i64 - 3;
            let k = 2 + rng.below(2);
            let mut c = vec![1i64];
            for _ in 0..k {
                let mut next = vec![0i64; c.len() + 1];
                for (i, &a) in c.iter().enumerate() {
                    next[i] -= r * a;
                    next[i + 1] += a;
                }
                c = next;
            }
            c.iter().map(i64::to_string).collect()
        }
        _ => {
            let n = 1 + rng.below(5);
            (0..n)
                .map(|_| {
                    if rng.below(6) == 0 {
                        "0".to_owned()
                    } else {
                        entry(rng, kind)
                    }
                })
                .collect()
        }
    };
    format!("polynomialRoot({})", coefficients.join(", "))
}

/// One `eigs` expression, its entries of `kind`: a symmetric matrix (`A + A'`, math.js's Jacobi
/// path), a general, triangular, diagonal or singular one (balancing, Hessenberg form and
/// shifted QR), sometimes with a precision argument or `{eigenvectors: false}`, and one of the
/// result's members. Eigenvectors are asked for of real symmetric matrices only: math.js finds
/// those of other matrices by inverse iteration from random vectors (a random sign).
pub fn eigs_expression(rng: &mut Rng, kind: Entries) -> String {
    let n = 1 + rng.below(6);
    let full = rows(rng, n, n, kind, Shape::Full);
    let a = matrix_text(&full);
    let option = match rng.below(6) {
        0 => ", 1e-6",
        1 => ", {precision: 1e-10}",
        2 => ", {eigenvectors: false}",
        _ => "",
    };
    // Eigenvectors only where math.js computes them deterministically: a real symmetric
    // matrix (Jacobi). Elsewhere math.js finds them by inverse iteration from random vectors.
    let real = !matches!(kind, Entries::Complex);
    match rng.below(6) {
        0 | 1 => {
            let member = if real {
                rng.pick(&["", ".values", ".eigenvectors", ".values[1]"])
            } else {
                rng.pick(&[".values", ".values[1]", ".eigenvectors[1].value"])
            };
            let member = if option.contains("false") && member.contains("vectors") {
                ".values"
            } else {
                member
            };
            format!("eigs({a} + {a}'{option}){member}")
        }
        2 => {
            let member = if option.contains("false") {
                ".values"
            } else {
                rng.pick(&[".values", ".eigenvectors[1].value"])
            };
            let mut m = Vec::new();
            for (i, row) in full.iter().enumerate() {
                let cells: Vec<String> = (0..n)
                    .map(|j| {
                        if i == j {
                            format!("{}", 2 * i + 1)
                        } else {
                            row[j].clone()
                        }
                    })
                    .collect();
                m.push(cells);
            }
            format!("eigs({}{option}){member}", matrix_text(&m))
        }
        3 => {
            let upper = rows(rng, n, n, kind, Shape::Upper);
            format!("eigs({}{option}).values", matrix_text(&upper))
        }
        _ => format!("eigs({a}{option}).values"),
    }
}

/// One `pinv` expression, its entries of `kind`: a scalar, a vector, a square (often singular)
/// or rectangular matrix, a rank-deficient one (a repeated row), a zero one.
pub fn pinv_expression(rng: &mut Rng, kind: Entries) -> String {
    let n = 1 + rng.below(5);
    let m = if rng.below(2) == 0 {
        n
    } else {
        1 + rng.below(5)
    };
    match rng.below(8) {
        0 => format!("pinv({})", entry(rng, kind)),
        1 => {
            let v: Vec<String> = (0..n).map(|_| entry(rng, kind)).collect();
            format!("pinv([{}])", v.join(", "))
        }
        2 => format!("pinv(zeros({n}, {m}))"),
        _ => format!("pinv({})", matrix_text(&rows(rng, n, m, kind, Shape::Full))),
    }
}

/// One expression of the Schur family, its entries of `kind`, sizes 1 to `largest`: `schur` of
/// a square matrix, `sylvester(A, B, C)` of sizes m and n, `lyap(A, Q)`, or the matrix 2-norm
/// `norm(A)` / `norm(A, 2)` (square, or rectangular, which math.js refuses).
pub fn schur_expression(rng: &mut Rng, kind: Entries, largest: usize) -> String {
    let n = 1 + rng.below(largest);
    let m = 1 + rng.below(largest);
    let square = |rng: &mut Rng, k: usize| matrix_text(&rows(rng, k, k, kind, Shape::Full));
    match rng.below(5) {
        0 => {
            let member = rng.pick(&["", ".T", ".U"]);
            format!("schur({}){member}", square(rng, n))
        }
        1 => {
            let (a, b) = (square(rng, m), square(rng, n));
            let c = matrix_text(&rows(rng, m, n, kind, Shape::Full));
            format!("sylvester({a}, {b}, {c})")
        }
        2 => {
            let (a, q) = (square(rng, n), square(rng, n));
            format!("lyap({a}, {q})")
        }
        _ => {
            let cols = if rng.below(4) == 0 { m } else { n };
            let a = matrix_text(&rows(rng, n, cols, kind, Shape::Full));
            let p = rng.pick(&["", ", 2"]);
            format!("norm({a}{p})")
        }
    }
}

/// One `slu(A, 0, threshold)` of a square sparse matrix of size 1 to 6 with entries of `kind`,
/// about half of them zero (so the reach and fill differ from the dense pattern), some singular;
/// the whole object or one of its members. `number(…)` wraps the order and threshold outside
/// number mode, where math.js takes only numbers.
pub fn slu_expression(rng: &mut Rng, kind: Entries, wrap_numbers: bool) -> String {
    let n = 1 + rng.below(6);
    let mut entries = rows(rng, n, n, kind, Shape::Full);
    for row in &mut entries {
        for cell in row.iter_mut() {
            if rng.below(2) == 0 {
                *cell = "0".into();
            }
        }
    }
    // Mostly a non-zero diagonal, so most matrices have a pivot in every column.
    if rng.below(4) != 0 {
        for (i, row) in entries.iter_mut().enumerate() {
            if row[i] == "0" {
                row[i] = format!("{}", 1 + rng.below(9));
            }
        }
    }
    let threshold = rng.pick(&["1", "0.5", "0.1", "0.001", "0"]);
    let (order, threshold) = if wrap_numbers {
        ("number(0)".to_owned(), format!("number({threshold})"))
    } else {
        ("0".to_owned(), threshold.to_owned())
    };
    let member = rng.pick(&["", ".L", ".U", ".p", ".q"]);
    format!(
        "slu(sparse({}), {order}, {threshold}){member}",
        matrix_text(&entries)
    )
}

/// One `slu(A, order, threshold)` with `order` 1, 2 or 3 (math.js's approximate minimum degree
/// column ordering of A + Aᵀ, AᵀA without dense rows, or AᵀA) of a square sparse matrix of
/// size 1 to 12 with entries of `kind`, about two thirds of them zero (larger sizes, so the
/// ordering's elimination, absorption and supernodes run beyond its dense-node bound `n − 2`),
/// sometimes with a dense row or a symmetric pair summing to 0; the whole object or a member.
pub fn slu_ordered_expression(rng: &mut Rng, kind: Entries, wrap_numbers: bool) -> String {
    let (call, _) = slu_ordered_call(rng, kind, wrap_numbers);
    let member = rng.pick(&["", ".L", ".U", ".p", ".q"]);
    format!("{call}{member}")
}

/// `lusolve(slu(A, order, threshold), b)` with the call of [`slu_ordered_expression`] and a
/// right-hand side of n entries of `kind` (a vector, or a column matrix).
pub fn slu_solve_expression(rng: &mut Rng, kind: Entries, wrap_numbers: bool) -> String {
    let (call, n) = slu_ordered_call(rng, kind, wrap_numbers);
    let b = rows(rng, n, 1, kind, Shape::Full);
    let b = if rng.below(2) == 0 {
        matrix_text(&b)
    } else {
        let items: Vec<String> = b.into_iter().flatten().collect();
        format!("[{}]", items.join(", "))
    };
    format!("lusolve({call}, {b})")
}

/// The `slu(sparse(A), order, threshold)` call of [`slu_ordered_expression`], and A's size.
fn slu_ordered_call(rng: &mut Rng, kind: Entries, wrap_numbers: bool) -> (String, usize) {
    let n = 1 + rng.below(12);
    let mut entries = rows(rng, n, n, kind, Shape::Full);
    for row in &mut entries {
        for cell in row.iter_mut() {
            if rng.below(3) != 0 {
                *cell = "0".into();
            }
        }
    }
    if rng.below(4) != 0 {
        for (i, row) in entries.iter_mut().enumerate() {
            if row[i] == "0" {
                row[i] = format!("{}", 1 + rng.below(9));
            }
        }
    }
    if rng.below(5) == 0 {
        // A dense row (dropped by order 2 when above the bound).
        let r = rng.below(n);
        for cell in entries[r].iter_mut() {
            if cell == "0" {
                *cell = format!("{}", 1 + rng.below(9));
            }
        }
    }
    if n > 1 && rng.below(5) == 0 {
        // A(i, j) = −A(j, i): C = A + Aᵀ does not store that pair.
        let (i, j) = (rng.below(n), rng.below(n));
        if i != j {
            let v = 1 + rng.below(9);
            entries[i][j] = format!("{v}");
            entries[j][i] = format!("-{v}");
        }
    }
    let order = 1 + rng.below(3);
    let threshold = rng.pick(&["1", "0.5", "0.1", "0.001", "0"]);
    let (order, threshold) = if wrap_numbers {
        (format!("number({order})"), format!("number({threshold})"))
    } else {
        (format!("{order}"), threshold.to_owned())
    };
    let call = format!(
        "slu(sparse({}), {order}, {threshold})",
        matrix_text(&entries)
    );
    (call, n)
}
