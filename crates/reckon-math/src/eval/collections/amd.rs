//! The fill-reducing column ordering of `slu` orders 1 to 3: approximate minimum degree (AMD;
//! P. R. Amestoy, T. A. Davis and I. S. Duff, "An approximate minimum degree ordering
//! algorithm", SIAM J. Matrix Anal. Appl. 17(4), 1996), in the form of CSparse's `cs_amd`
//! (T. A. Davis, *Direct Methods for Sparse Linear Systems*, SIAM 2006, section 7.1) that
//! math.js 15.2's `csAmd` computes, step for step, so that ties break the same way.
//!
//! [`amd_order`] takes the pattern of a symmetric matrix C (its columns' row indices in storage
//! order; the diagonal is dropped here) and returns the permutation: nodes of degree 0 are
//! eliminated at once, nodes of degree above `dense = min(n − 2, max(16, 10 √n))` are set aside
//! for the end; then, repeatedly, the node of least approximate degree (the most recently
//! listed first) is eliminated in the quotient graph: its element is formed (absorbing the
//! elements it touches), the set differences |Le \ Lk| are found, each neighbour's approximate
//! degree and hash are computed (aggressive absorption, mass elimination), indistinguishable
//! nodes are merged into supernodes, and the neighbours go back to the degree lists. The
//! assembly tree is finally postordered (children youngest first), which is the ordering. No
//! workspace compaction is needed: the element lists grow at the end of the index array, as in
//! math.js (whose array has no fixed capacity).
//!
//! Work: the caller charges `(nnz(C) + n) · (n + 1)` before [`amd_order`] runs; each
//! elimination scans at most the live index array once per step, and there are at most n.

/// CSparse's `CS_FLIP`: marks an index as a reference (−i − 2, its own inverse).
fn flip(i: i64) -> i64 {
    -i - 2
}

/// Resets the marks `w` when `mark + lemax` would pass the bound (math.js `_wclear`; the
/// bound is never reached with 64-bit integers, so only the first call resets).
fn wclear(mark: i64, lemax: i64, w: &mut [i64], n: usize) -> i64 {
    if mark < 2 || mark + lemax < 0 {
        for x in w.iter_mut().take(n) {
            if *x != 0 {
                *x = 1;
            }
        }
        return 2;
    }
    mark
}

/// The quotient graph's arrays (CSparse's workspace `W`, one vector per part).
struct Graph {
    len: Vec<i64>,
    nv: Vec<i64>,
    next: Vec<i64>,
    head: Vec<i64>,
    elen: Vec<i64>,
    degree: Vec<i64>,
    w: Vec<i64>,
    hhead: Vec<i64>,
    last: Vec<i64>,
    ptr: Vec<i64>,
    index: Vec<i64>,
}

/// Index of a non-negative graph entry (every entry used as an index is one).
fn u(i: i64) -> usize {
    usize::try_from(i).unwrap_or(usize::MAX)
}

/// The AMD ordering of the module doc for the n × n pattern `columns` (each column's row
/// indices, in storage order, the diagonal included or not). `None` when the graph is
/// inconsistent (not reachable from a pattern of indices below n).
pub(super) fn amd_order(n: usize, columns: &[Vec<usize>]) -> Option<Vec<usize>> {
    if n == 0 || columns.len() != n || columns.iter().flatten().any(|&i| i >= n) {
        return None;
    }
    let ni = n as i64;
    let nf = n as f64;
    let dense = (16f64.max(10.0 * nf.sqrt())).min(nf - 2.0);
    // C without its diagonal (math.js `csFkeep`).
    let mut ptr = Vec::with_capacity(n + 1);
    let mut index: Vec<i64> = Vec::new();
    for (j, column) in columns.iter().enumerate() {
        ptr.push(index.len() as i64);
        index.extend(column.iter().filter(|&&i| i != j).map(|&i| i as i64));
    }
    ptr.push(index.len() as i64);
    let mut cnz = index.len() as i64;
    let size = n + 1;
    let mut g = Graph {
        len: vec![0; size],
        nv: vec![1; size],
        next: vec![-1; size],
        head: vec![-1; size],
        elen: vec![0; size],
        degree: vec![0; size],
        w: vec![1; size],
        hhead: vec![-1; size],
        last: vec![-1; size],
        ptr,
        index,
    };
    // The quotient graph.
    for k in 0..n {
        g.len[k] = g.ptr[k + 1] - g.ptr[k];
        g.degree[k] = g.len[k];
    }
    let mut mark = wclear(0, 0, &mut g.w, n);
    g.elen[n] = -2;
    g.ptr[n] = -1;
    g.w[n] = 0;
    // The degree lists.
    let mut nel: i64 = 0;
    for i in 0..n {
        let d = g.degree[i];
        if d == 0 {
            g.elen[i] = -2;
            nel += 1;
            g.ptr[i] = -1;
            g.w[i] = 0;
        } else if d as f64 > dense {
            g.nv[i] = 0;
            g.elen[i] = -1;
            nel += 1;
            g.ptr[i] = flip(ni);
            g.nv[n] += 1;
        } else {
            let h = g.head[u(d)];
            if h != -1 {
                g.last[u(h)] = i as i64;
            }
            g.next[i] = h;
            g.head[u(d)] = i as i64;
        }
    }
    let mut mindeg: usize = 0;
    let mut lemax: i64 = 0;
    while nel < ni {
        let mut k = -1;
        while mindeg < n {
            k = g.head[mindeg];
            if k != -1 {
                break;
            }
            mindeg += 1;
        }
        if k < 0 {
            return None;
        }
        let ku = u(k);
        if g.next[ku] != -1 {
            g.last[u(g.next[ku])] = -1;
        }
        g.head[mindeg] = g.next[ku];
        let elenk = g.elen[ku];
        let mut nvk = g.nv[ku];
        nel += nvk;
        // The new element Lk.
        let mut dk: i64 = 0;
        g.nv[ku] = -nvk;
        let mut p = g.ptr[ku];
        let pk1 = if elenk == 0 { p } else { cnz };
        let mut pk2 = pk1;
        let needed = u(pk1) + n + 1;
        if g.index.len() < needed {
            g.index.resize(needed, 0);
        }
        for k1 in 1..=elenk + 1 {
            let (e, mut pj, ln);
            if k1 > elenk {
                e = k;
                pj = p;
                ln = g.len[ku] - elenk;
            } else {
                e = g.index[u(p)];
                p += 1;
                pj = g.ptr[u(e)];
                ln = g.len[u(e)];
            }
            for _ in 1..=ln {
                let i = g.index[u(pj)];
                pj += 1;
                let iu = u(i);
                let nvi = g.nv[iu];
                if nvi <= 0 {
                    continue;
                }
                dk += nvi;
                g.nv[iu] = -nvi;
                g.index[u(pk2)] = i;
                pk2 += 1;
                if g.next[iu] != -1 {
                    g.last[u(g.next[iu])] = g.last[iu];
                }
                if g.last[iu] != -1 {
                    g.next[u(g.last[iu])] = g.next[iu];
                } else {
                    g.head[u(g.degree[iu])] = g.next[iu];
                }
            }
            if e != k {
                g.ptr[u(e)] = flip(k);
                g.w[u(e)] = 0;
            }
        }
        if elenk != 0 {
            cnz = pk2;
        }
        g.degree[ku] = dk;
        g.ptr[ku] = pk1;
        g.len[ku] = pk2 - pk1;
        g.elen[ku] = -2;
        // Scan 1: the set differences |Le \ Lk|.
        mark = wclear(mark, lemax, &mut g.w, n);
        for pk in pk1..pk2 {
            let i = u(g.index[u(pk)]);
            let eln = g.elen[i];
            if eln <= 0 {
                continue;
            }
            let nvi = -g.nv[i];
            let wnvi = mark - nvi;
            let start = g.ptr[i];
            for p in start..start + eln {
                let e = u(g.index[u(p)]);
                if g.w[e] >= mark {
                    g.w[e] -= nvi;
                } else if g.w[e] != 0 {
                    g.w[e] = g.degree[e] + wnvi;
                }
            }
        }
        // Scan 2: the degree update, pruning and hashing.
        for pk in pk1..pk2 {
            let i = u(g.index[u(pk)]);
            let p1 = g.ptr[i];
            let p2 = p1 + g.elen[i] - 1;
            let mut pn = p1;
            let mut h: i64 = 0;
            let mut d: i64 = 0;
            for p in p1..=p2 {
                let e = g.index[u(p)];
                let eu = u(e);
                if g.w[eu] != 0 {
                    let dext = g.w[eu] - mark;
                    if dext > 0 {
                        d += dext;
                        g.index[u(pn)] = e;
                        pn += 1;
                        h += e;
                    } else {
                        g.ptr[eu] = flip(k);
                        g.w[eu] = 0;
                    }
                }
            }
            g.elen[i] = pn - p1 + 1;
            let p3 = pn;
            let p4 = p1 + g.len[i];
            for p in p2 + 1..p4 {
                let j = g.index[u(p)];
                let nvj = g.nv[u(j)];
                if nvj <= 0 {
                    continue;
                }
                d += nvj;
                g.index[u(pn)] = j;
                pn += 1;
                h += j;
            }
            if d == 0 {
                g.ptr[i] = flip(k);
                let nvi = -g.nv[i];
                dk -= nvi;
                nvk += nvi;
                nel += nvi;
                g.nv[i] = 0;
                g.elen[i] = -1;
            } else {
                g.degree[i] = g.degree[i].min(d);
                g.index[u(pn)] = g.index[u(p3)];
                g.index[u(p3)] = g.index[u(p1)];
                g.index[u(p1)] = k;
                g.len[i] = pn - p1 + 1;
                let h = h.abs() % ni;
                g.next[i] = g.hhead[u(h)];
                g.hhead[u(h)] = i as i64;
                g.last[i] = h;
            }
        }
        g.degree[ku] = dk;
        lemax = lemax.max(dk);
        mark = wclear(mark + lemax, lemax, &mut g.w, n);
        // Supernode detection.
        for pk in pk1..pk2 {
            let i0 = u(g.index[u(pk)]);
            if g.nv[i0] >= 0 {
                continue;
            }
            let h = u(g.last[i0]);
            let mut i = g.hhead[h];
            g.hhead[h] = -1;
            while i != -1 && g.next[u(i)] != -1 {
                let iu = u(i);
                let ln = g.len[iu];
                let eln = g.elen[iu];
                for p in g.ptr[iu] + 1..=g.ptr[iu] + ln - 1 {
                    g.w[u(g.index[u(p)])] = mark;
                }
                let mut jlast = i;
                let mut j = g.next[iu];
                while j != -1 {
                    let ju = u(j);
                    let mut ok = g.len[ju] == ln && g.elen[ju] == eln;
                    let mut p = g.ptr[ju] + 1;
                    while ok && p < g.ptr[ju] + ln {
                        if g.w[u(g.index[u(p)])] != mark {
                            ok = false;
                        }
                        p += 1;
                    }
                    if ok {
                        g.ptr[ju] = flip(i);
                        g.nv[iu] += g.nv[ju];
                        g.nv[ju] = 0;
                        g.elen[ju] = -1;
                        j = g.next[ju];
                        g.next[u(jlast)] = j;
                    } else {
                        jlast = j;
                        j = g.next[ju];
                    }
                }
                i = g.next[iu];
                mark += 1;
            }
        }
        // Finalize the new element.
        let mut p = pk1;
        for pk in pk1..pk2 {
            let i = g.index[u(pk)];
            let iu = u(i);
            let nvi = -g.nv[iu];
            if nvi <= 0 {
                continue;
            }
            g.nv[iu] = nvi;
            let d = (g.degree[iu] + dk - nvi).min(ni - nel - nvi);
            let du = u(d);
            if g.head[du] != -1 {
                g.last[u(g.head[du])] = i;
            }
            g.next[iu] = g.head[du];
            g.last[iu] = -1;
            g.head[du] = i;
            mindeg = mindeg.min(du);
            g.degree[iu] = d;
            g.index[u(p)] = i;
            p += 1;
        }
        g.nv[ku] = nvk;
        g.len[ku] = p - pk1;
        if g.len[ku] == 0 {
            g.ptr[ku] = -1;
            g.w[ku] = 0;
        }
        if elenk != 0 {
            cnz = p;
        }
    }
    Some(postorder(n, g))
}

/// The postorder of the assembly tree left by the elimination: each node and element in the
/// list of its parent, then depth-first from each root (math.js `csTdfs`), without node n.
fn postorder(n: usize, mut g: Graph) -> Vec<usize> {
    for i in 0..n {
        g.ptr[i] = flip(g.ptr[i]);
    }
    g.head.fill(-1);
    for j in (0..=n).rev() {
        if g.nv[j] > 0 {
            continue;
        }
        let parent = u(g.ptr[j]);
        g.next[j] = g.head[parent];
        g.head[parent] = j as i64;
    }
    for e in (0..=n).rev() {
        if g.nv[e] <= 0 || g.ptr[e] == -1 {
            continue;
        }
        let parent = u(g.ptr[e]);
        g.next[e] = g.head[parent];
        g.head[parent] = e as i64;
    }
    let mut post = Vec::with_capacity(n + 1);
    let mut stack: Vec<usize> = Vec::new();
    for root in 0..=n {
        if g.ptr[root] != -1 {
            continue;
        }
        stack.push(root);
        while let Some(&p) = stack.last() {
            let child = g.head[p];
            if child == -1 {
                stack.pop();
                post.push(p);
            } else {
                g.head[p] = g.next[u(child)];
                stack.push(u(child));
            }
        }
    }
    post.pop();
    post
}
